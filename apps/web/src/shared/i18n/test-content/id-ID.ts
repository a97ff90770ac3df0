import type content from './en-IN';

export default { heading: 'Mengapa memilih kami', steps: ['Unduh', 'Ajukan'] } satisfies typeof content;
