"""The shared turn/phase runtime both games run on. `runtime.effects` is the contract with generated card code."""
