import { render } from 'preact';
import { App } from './App';
import { registerServiceWorker } from './sw-bridge';
import './style.css';

render(<App />, document.getElementById('root')!);
registerServiceWorker();
