"""The shared core: dice math with integer counts and exact result types."""
