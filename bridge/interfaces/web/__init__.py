"""The judges' page (`mtg-layers serve`): a local web server over the Python API, and the page's own
static files (static/: plain HTML, CSS and JavaScript, no build step, nothing from the internet)."""
