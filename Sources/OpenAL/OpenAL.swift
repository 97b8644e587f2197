// The OpenAL module.
