/* SPDX-License-Identifier: Zlib */
/* A 5x7 bitmap font for the status bar: capitals, digits and a little punctuation. */
#ifndef SDL_SHOOTER_FONT_H
#define SDL_SHOOTER_FONT_H
#include <SDL.h>

/* Draws `text` (lower case is drawn as capitals; unknown characters as blanks) at x, y, each font
 * pixel `scale` screen pixels wide, in the renderer's current colour. Returns the width drawn. */
int font_draw(SDL_Renderer *renderer, int x, int y, int scale, const char *text);

#endif
