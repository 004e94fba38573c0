"""The pieces of the play panels: small widgets, the panel base class, progress bars."""
