/**
 * Photos of the demo seed's listings: small scenes drawn here in SVG (a sky, the ground, the
 * thing to rent), two per listing, as `data:` URLs, so they show against any server and need no
 * file storage. Made for this project; no outside image is used.
 */

interface Scene {
  readonly sky: readonly [string, string]
  readonly ground: string
  /** The drawing of the thing, in a 320 × 240 frame, ground line at y = 180. */
  readonly subject: string
}

const svg = ({ sky, ground, subject }: Scene): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" width="640" height="480">` +
  `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>` +
  `<rect width="320" height="240" fill="url(#s)"/><circle cx="262" cy="48" r="20" fill="#fff3b0" opacity=".9"/>` +
  `<rect y="180" width="320" height="60" fill="${ground}"/>${subject}</svg>`

const dataUrl = (scene: Scene) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg(scene))}`

const wheel = (x: number, y: number, r: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#222"/><circle cx="${x}" cy="${y}" r="${r / 2.2}" fill="#bbb"/>`

const car = (body: string, roof: string) =>
  `<path d="M60 170 L70 140 L110 132 L140 108 L210 108 L240 134 L268 142 L272 170 Z" fill="${body}"/>` +
  `<path d="M120 132 L146 114 L204 114 L228 134 Z" fill="${roof}"/>${wheel(100, 172, 16)}${wheel(236, 172, 16)}`

const bike = (frame: string) =>
  `<g fill="none" stroke="#222" stroke-width="5">${"<circle cx='100' cy='160' r='30'/><circle cx='220' cy='160' r='30'/>"}</g>` +
  `<path d="M100 160 L140 110 L200 110 L220 160 M140 110 L160 160 L200 110 M192 96 L200 110 M132 104 L152 104" fill="none" stroke="${frame}" stroke-width="7" stroke-linecap="round"/>`

const tent = (cloth: string) =>
  `<path d="M70 182 L160 80 L250 182 Z" fill="${cloth}"/><path d="M160 80 L140 182 L180 182 Z" fill="#00000033"/>` +
  `<path d="M60 182 L70 182 M250 182 L262 182" stroke="#5b4a36" stroke-width="4"/>`

const kayak = (hull: string) =>
  `<path d="M30 178 Q160 140 290 178 Q160 196 30 178 Z" fill="${hull}"/><ellipse cx="130" cy="170" rx="16" ry="5" fill="#333"/>` +
  `<ellipse cx="195" cy="170" rx="16" ry="5" fill="#333"/><path d="M90 120 L230 200" stroke="#6b4f2a" stroke-width="5"/>`

const stove = `<rect x="110" y="130" width="100" height="50" rx="6" fill="#4a5568"/><rect x="130" y="118" width="60" height="12" fill="#2d3748"/>` +
  `<path d="M150 118 Q160 92 170 118" fill="#f6ad55"/><rect x="220" y="120" width="30" height="60" rx="8" fill="#e53e3e"/>`

const paddle = `<path d="M40 186 Q160 168 280 186 Q160 198 40 186 Z" fill="#38b2ac"/><path d="M200 90 L170 178" stroke="#2d3748" stroke-width="5"/>` +
  `<ellipse cx="204" cy="84" rx="8" ry="18" fill="#2d3748" transform="rotate(18 204 84)"/>`

const day = ["#9fd3ff", "#e6f4ff"] as const
const dusk = ["#f6a96b", "#fde3c8"] as const
const road = "#8a8f98"
const grass = "#7cbf6b"
const sand = "#e9d7a5"
const water = "#3b8ec9"

/** Photo URLs of each listing of the demo seed, by its key in `StelaceTest.demo.assets`. */
export const demoPhotos: Readonly<Record<string, ReadonlyArray<string>>> = {
  tesla: [dataUrl({ sky: day, ground: road, subject: car("#f4f4f4", "#2a3b4c") }), dataUrl({ sky: dusk, ground: road, subject: car("#e8e8e8", "#1d2a36") })],
  zoe: [dataUrl({ sky: day, ground: road, subject: car("#2f6fd6", "#cfe0f7") }), dataUrl({ sky: dusk, ground: road, subject: car("#2a5fb8", "#d8e6f8") })],
  deuxChevaux: [dataUrl({ sky: day, ground: grass, subject: car("#f2c230", "#7a5c12") }), dataUrl({ sky: dusk, ground: road, subject: car("#e8b51f", "#5e460c") })],
  eBike: [dataUrl({ sky: day, ground: road, subject: bike("#2f9e55") }), dataUrl({ sky: dusk, ground: grass, subject: bike("#268047") })],
  roadBike: [dataUrl({ sky: day, ground: road, subject: bike("#d63b3b") }), dataUrl({ sky: dusk, ground: road, subject: bike("#b52f2f") })],
  tent: [dataUrl({ sky: day, ground: grass, subject: tent("#3f9a52") }), dataUrl({ sky: dusk, ground: grass, subject: tent("#357f45") })],
  kayak: [dataUrl({ sky: day, ground: water, subject: kayak("#f2c230") }), dataUrl({ sky: dusk, ground: sand, subject: kayak("#e8b51f") })],
  stove: [dataUrl({ sky: day, ground: grass, subject: stove })],
  paddle: [dataUrl({ sky: day, ground: water, subject: paddle })]
}
