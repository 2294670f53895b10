/** The AI legal consultation entry on the home page (spec §2); the flow itself loads on demand. */
export function AiEntry({ onOpen }: { onOpen: () => void }) {
  return (
    <section className="ll-section ll-ai-entry" data-testid="ai-entry">
      <button type="button" className="ll-ai-button" onClick={onOpen}>
        <span className="ll-ai-badge" aria-hidden="true">
          AI
        </span>
        <span className="ll-ai-text">
          <strong>AI法律咨询</strong>
          <span>智能解答常见法律问题，7×24小时在线</span>
        </span>
        <span className="ll-more">去咨询 ›</span>
      </button>
    </section>
  );
}
