/**
 * Catches a page whose script chunk failed or timed out (see chunks.js) and
 * shows a visible message with a Retry button instead of a blank page.
 * Retry imports the chunk again (or reloads the page when the chunk cannot
 * be fetched again in place); moving to another route (`resetKey`) clears
 * the message.
 */
import { Component } from 'react';
import { ui } from '../data/index.js';
import { retryFailedChunks } from '../chunks.js';
import './ChunkErrorBoundary.css';

function reloadPage() {
  window.location.reload();
}

export default class ChunkErrorBoundary extends Component {
  state = { error: null };

  static getDerivedStateFromError(error) {
    return { error };
  }

  componentDidUpdate(prevProps) {
    if (this.state.error && prevProps.resetKey !== this.props.resetKey) {
      (this.props.onRetry ?? retryFailedChunks)();
      this.setState({ error: null });
    }
  }

  retry = () => {
    if ((this.props.onRetry ?? retryFailedChunks)() === false) {
      (this.props.onReload ?? reloadPage)();
      return;
    }
    this.setState({ error: null });
  };

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="chunk-error" role="alert">
        <p className="chunk-error__message">{ui.chunkError.message}</p>
        <button type="button" className="button" onClick={this.retry}>
          {ui.chunkError.retry}
        </button>
      </div>
    );
  }
}
