// Must stay the first import (see connect-first.ts).
import './bridge/connect-first.ts';
import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');
mount(App, { target });
