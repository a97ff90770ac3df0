const content = { heading: 'Why choose us', steps: ['Download', 'Apply'] };
export default content;
