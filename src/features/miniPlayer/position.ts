// Where the mini player sits: 320x180, snapped to a 10 px margin when
// dropped within 80 px of a viewport edge, and kept inside the viewport when the window resizes.
export const MINI_PLAYER = { width: 320, height: 180, snapThreshold: 80, margin: 10 } as const;

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** 320x180, narrowed (16:9 kept) only when the viewport cannot hold it with its margins. */
export function miniPlayerSize(viewport: Size): Size {
  const width = Math.max(160, Math.min(MINI_PLAYER.width, viewport.width - 2 * MINI_PLAYER.margin));
  return { width, height: Math.round((width * MINI_PLAYER.height) / MINI_PLAYER.width) };
}

/** Bottom right, at the margin. */
export function initialPosition(size: Size, viewport: Size): Point {
  return clampToViewport(
    { x: viewport.width - size.width - MINI_PLAYER.margin, y: viewport.height - size.height - MINI_PLAYER.margin },
    size,
    viewport,
  );
}

/** Fully inside the viewport (the top-left corner when the viewport is smaller than the player). */
export function clampToViewport(position: Point, size: Size, viewport: Size): Point {
  const clamp = (value: number, room: number) => (room <= 0 ? 0 : Math.min(Math.max(value, 0), room));
  return { x: clamp(position.x, viewport.width - size.width), y: clamp(position.y, viewport.height - size.height) };
}

/** One axis: within the threshold of the start or end edge -> the margin from it (the nearer edge wins). */
function snapAxis(value: number, length: number, room: number): number {
  const { snapThreshold, margin } = MINI_PLAYER;
  const toStart = value;
  const toEnd = room - (value + length);
  const nearStart = toStart < snapThreshold;
  const nearEnd = toEnd < snapThreshold;
  if (nearStart && (!nearEnd || toStart <= toEnd)) return margin;
  if (nearEnd) return room - length - margin;
  return value;
}

/** Where a drag ends: edges snap to the margin, and the result stays inside the viewport. */
export function snapToEdges(position: Point, size: Size, viewport: Size): Point {
  const snapped = { x: snapAxis(position.x, size.width, viewport.width), y: snapAxis(position.y, size.height, viewport.height) };
  return clampToViewport(snapped, size, viewport);
}

/** After a window resize: back inside, then onto the margin if that put it at an edge. */
export function fitAfterResize(position: Point, size: Size, viewport: Size): Point {
  return snapToEdges(clampToViewport(position, size, viewport), size, viewport);
}
