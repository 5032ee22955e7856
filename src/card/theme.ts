// The card's colours: the one part of a card that differs between themes,
// a <style> of classes. Apart from the card's drawing (no shaper, no fonts),
// so the server can swap a card's theme and draw its PNG without loading them.
import type { Theme } from '../layout.ts';

/** The card's colours by theme (`auto` is light, dark when the reader prefers it). */
export const PALETTE = {
  light: { bg: '#fffaf2', line: '#ead9bf', fg: '#2b2118', accent: '#a3480a', muted: '#6f5f4f' },
  dark: { bg: '#1b1714', line: '#4a3f35', fg: '#f6efe4', accent: '#f5a524', muted: '#b3a595' },
};

function colors(p: (typeof PALETTE)['light']): string {
  return `.bg{fill:${p.bg};stroke:${p.line}}.rule{stroke:${p.line}}.fg{fill:${p.fg}}.acc{fill:${p.accent}}.mut{fill:${p.muted}}`;
}

/** The card's <style>: the only part that differs between themes. */
export function cardStyle(theme: Theme): string {
  if (theme === 'auto') return `${colors(PALETTE.light)}@media (prefers-color-scheme:dark){${colors(PALETTE.dark)}}`;
  return colors(PALETTE[theme]);
}

/** A card (as rendered in the auto theme) in another theme: its <style> swapped. */
export function cardInTheme(auto: string, theme: Theme): string {
  if (theme === 'auto') return auto;
  const style = `<style>${cardStyle('auto')}</style>`;
  if (!auto.includes(style)) throw new Error("the card's <style> is not the auto theme's; its theme cannot be swapped");
  return auto.replace(style, `<style>${cardStyle(theme)}</style>`);
}
