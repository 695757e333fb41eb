import type { Page } from 'playwright-core';

/** The `branding` format: what the rendered page's computed styles and markup say about its brand. */
export interface BrandingProfile {
  colorScheme: 'light' | 'dark';
  colors: Record<string, string>;
  fonts: { family: string; role: string }[];
  typography: {
    fontFamilies: Record<string, string>;
    fontSizes: Record<string, string>;
    fontWeights: Record<string, number>;
    lineHeights: Record<string, string>;
  };
  spacing: { baseUnit?: number; borderRadius?: string };
  components: {
    buttonPrimary?: Record<string, string>;
    buttonSecondary?: Record<string, string>;
    input?: Record<string, string>;
  };
  images: { logo: string | null; favicon: string | null; ogImage: string | null };
}

/**
 * Measures the live page in the browser (after actions, before capture): computed colours of the
 * background, text, links and buttons, fonts and type scale of body and h1–h3, the spacing unit
 * most paddings and margins share, button and input styles, logo, favicon and og:image. Only
 * what the page renders is reported; a role the page does not have (no buttons) is left out.
 */
export function measureBranding(page: Page): Promise<BrandingProfile> {
  return page.evaluate(measureInPage);
}

/** Runs inside the page: self-contained, no closures over Node code. */
function measureInPage(): BrandingProfile {
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const parse = (color: string) => {
    const match = /rgba?\(([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?\)/.exec(color);
    if (!match) return undefined;
    const alpha =
      match[4] === undefined
        ? 1
        : match[4].endsWith('%')
          ? Number.parseFloat(match[4]) / 100
          : Number(match[4]);
    return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a: alpha };
  };
  const hex = (color: string) => {
    const rgb = parse(color);
    if (!rgb || rgb.a === 0) return undefined;
    return `#${[rgb.r, rgb.g, rgb.b].map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
  };
  /** The first non-transparent background up the tree: what is actually painted behind the element. */
  const paintedBackground = (element: Element | null): string => {
    for (let node = element; node; node = node.parentElement) {
      const color = hex(getComputedStyle(node).backgroundColor);
      if (color) return color;
    }
    return '#FFFFFF';
  };
  const luminance = (color: string) => {
    const [r, g, b] = [1, 3, 5].map((offset) => {
      const channel = Number.parseInt(color.slice(offset, offset + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const saturation = (color: string) => {
    const [r, g, b] = [1, 3, 5].map((offset) => Number.parseInt(color.slice(offset, offset + 2), 16) / 255);
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    return max === 0 ? 0 : (max - min) / max;
  };
  const firstFamily = (family: string) =>
    family
      .split(',')[0]
      .trim()
      .replace(/^["']|["']$/g, '');

  const body = document.body;
  const bodyStyle = getComputedStyle(body);
  const background = paintedBackground(body);
  const text = hex(bodyStyle.color) ?? '#000000';
  const colors: Record<string, string> = { background, textPrimary: text };

  const BUTTONS =
    'button, input[type=submit], input[type=button], a[class*=btn], a[class*=button], [role=button]';
  // A text link: not a call to action styled as a button, whose text colour is its label's.
  const textLinks = [...document.querySelectorAll('a[href]')].filter(
    (link) => visible(link) && !link.matches(BUTTONS) && !hex(getComputedStyle(link).backgroundColor),
  );
  const link = textLinks.find((candidate) => !candidate.closest('nav, header, footer')) ?? textLinks[0];
  if (link) colors.link = hex(getComputedStyle(link).color) ?? text;

  const buttons = [...document.querySelectorAll(BUTTONS)].filter(visible);
  /** A border's colour, when the border shows (a 0-wide or unstyled border has none). */
  const borderColor = (style: CSSStyleDeclaration) =>
    (style.borderTopStyle !== 'none' && Number.parseFloat(style.borderTopWidth) > 0
      ? hex(style.borderTopColor)
      : undefined) ?? 'transparent';
  const buttonStyle = (element: Element) => {
    const style = getComputedStyle(element);
    const fill = hex(style.backgroundColor);
    return {
      fill,
      entry: {
        background: fill ?? 'transparent',
        textColor: hex(style.color) ?? text,
        borderColor: borderColor(style),
        borderRadius: style.borderTopLeftRadius,
      } as Record<string, string>,
    };
  };
  const styled = buttons.map(buttonStyle);
  // Primary: the most saturated filled button; secondary: another look (outline or a different fill).
  const filled = styled.filter((button) => button.fill && button.fill !== background);
  const primary = [...filled].sort((a, b) => saturation(b.fill as string) - saturation(a.fill as string))[0];
  const secondary = styled.find(
    (button) => button !== primary && (button.fill ?? 'transparent') !== (primary?.fill ?? 'transparent'),
  );
  const components: BrandingProfile['components'] = {};
  if (primary) {
    components.buttonPrimary = primary.entry;
    colors.primary = primary.fill as string;
  }
  if (secondary) {
    components.buttonSecondary = secondary.entry;
    colors.secondary = secondary.fill ?? secondary.entry.borderColor;
  }
  const accent = [colors.link, colors.secondary].find(
    (color) => color && color !== colors.primary && saturation(color) > 0.25,
  );
  if (accent) colors.accent = accent;

  const input = [
    ...document.querySelectorAll(
      'input[type=text], input[type=email], input[type=search], input:not([type]), textarea',
    ),
  ].find(visible);
  if (input) {
    const style = getComputedStyle(input);
    components.input = {
      borderColor: borderColor(style),
      borderRadius: style.borderTopLeftRadius,
      background: hex(style.backgroundColor) ?? 'transparent',
    };
  }

  const typography: BrandingProfile['typography'] = {
    fontFamilies: {},
    fontSizes: {},
    fontWeights: {},
    lineHeights: {},
  };
  const fonts: BrandingProfile['fonts'] = [];
  const addFont = (family: string, role: string) => {
    if (!fonts.some((font) => font.family === family)) fonts.push({ family, role });
  };
  const measureText = (element: Element, key: string) => {
    const style = getComputedStyle(element);
    typography.fontSizes[key] = style.fontSize;
    typography.fontWeights[key] = Number(style.fontWeight);
    typography.lineHeights[key] = style.lineHeight;
    return firstFamily(style.fontFamily);
  };
  const paragraph = [...document.querySelectorAll('main p, article p, p')].find(visible) ?? body;
  const bodyFamily = measureText(paragraph, 'body');
  typography.fontFamilies.primary = bodyFamily;
  addFont(bodyFamily, 'body');
  for (const level of ['h1', 'h2', 'h3']) {
    const heading = [...document.querySelectorAll(level)].find(visible);
    if (!heading) continue;
    const family = measureText(heading, level);
    if (level === 'h1') typography.fontFamilies.heading = family;
    addFont(family, 'heading');
  }
  const code = [...document.querySelectorAll('code, pre')].find(visible);
  if (code) {
    typography.fontFamilies.code = firstFamily(getComputedStyle(code).fontFamily);
    addFont(typography.fontFamilies.code, 'code');
  }

  // The spacing unit: the largest of 8/6/5/4/2 px that most paddings and margins are multiples of.
  const lengths: number[] = [];
  for (const element of [...document.querySelectorAll('body *')].slice(0, 600)) {
    if (!visible(element)) continue;
    const style = getComputedStyle(element);
    for (const value of [style.paddingTop, style.paddingLeft, style.marginTop, style.marginBottom]) {
      const px = Number.parseFloat(value);
      if (px > 0) lengths.push(Math.round(px));
    }
  }
  const baseUnit =
    lengths.length >= 4
      ? [8, 6, 5, 4, 2].find((unit) => lengths.filter((px) => px % unit === 0).length / lengths.length >= 0.7)
      : undefined;
  const spacing: BrandingProfile['spacing'] = {};
  if (baseUnit) spacing.baseUnit = baseUnit;
  if (components.buttonPrimary) spacing.borderRadius = components.buttonPrimary.borderRadius;

  const absolute = (value: string | null | undefined) =>
    value ? new URL(value, document.baseURI).href : null;
  const logoElement = [
    ...document.querySelectorAll(
      'header img, header svg, nav img, [class*=logo] img, img[class*=logo], img[alt*=logo i], img[src*=logo i], [id*=logo] img',
    ),
  ].find(
    (element) =>
      visible(element) &&
      /logo|brand/i.test(
        `${element.getAttribute('alt')} ${element.getAttribute('src')} ${element.getAttribute('class')} ${element.closest('[class*=logo], [id*=logo], [class*=brand]') ? 'logo' : ''}`,
      ),
  );
  const logo =
    logoElement instanceof HTMLImageElement ? absolute(logoElement.currentSrc || logoElement.src) : null;
  const icon = document.querySelector('link[rel~=icon][href], link[rel=apple-touch-icon][href]');
  const ogImage = document.querySelector('meta[property="og:image"][content]');

  return {
    colorScheme: luminance(background) < 0.4 ? 'dark' : 'light',
    colors,
    fonts,
    typography,
    spacing,
    components,
    images: {
      logo,
      favicon: absolute(icon?.getAttribute('href')),
      ogImage: absolute(ogImage?.getAttribute('content')),
    },
  };
}
