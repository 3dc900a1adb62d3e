"""The package's own files: where the rules, docs and card data lie (locations), and what is derived from
them and kept between runs (derived, dataclass_code). Imports nothing else of bridge."""
