"""The shape of the code: no import cycle, layers and rooms apart, the repository self-contained."""
