"""The card vocabulary read from YAML: the rules' word lists (words), the keys (keys), and the Reader that
turns selectors, numbers, operations and abilities into bridge.model.vocabulary."""
