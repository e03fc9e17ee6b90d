"""Wire messages (:mod:`rummikit.wire`) and the example server that sends them."""
