// The GameSound module.
