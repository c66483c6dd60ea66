import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { getBridge } from './bridge/index.ts';

// Connect before mounting: the WebSocket handshake overlaps with building the component tree.
getBridge();

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');
mount(App, { target });
