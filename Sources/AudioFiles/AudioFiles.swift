// AudioFiles decodes WAV and Ogg Vorbis into PCMBuffer values. It opens no device.
