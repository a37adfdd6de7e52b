"""Pure, synchronous, typed game rules. No Discord, no I/O, no clock, no global RNG."""
