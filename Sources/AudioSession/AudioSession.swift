// The AudioSession module.
