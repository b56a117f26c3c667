// Placeholders of the real content's size while it loads (no VKUI: they are part of Home's first load).
// Styles in app/app.css (.skeleton*).

/** The lobby while its games load: a search bar, the provider chips and two rows of tiles. */
export function LobbySkeleton({ rows = 2 }: { rows?: number }) {
  return (
    <div className="skeleton-lobby" aria-busy="true" data-testid="lobby-loading">
      <div className="skeleton skeleton--bar" />
      <div className="skeleton skeleton--chips" />
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="skeleton-row">
          <div className="skeleton skeleton--title" />
          <div className="skeleton-row__tiles">
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="skeleton skeleton--tile" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
