"""The browser table's pages (Jinja2), its style sheet and its script: plain files, no build step."""
