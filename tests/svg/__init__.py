"""Pictures as SVG text (``rummikit.svg``) and the values that draw themselves in notebooks."""
