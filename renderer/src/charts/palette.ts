// The plots' series colours (no Chart.js import: the plot builders stay out of the chart chunk).
export const PALETTE = ['#5b9bd5', '#e06c75', '#7fd18b', '#e5c07b', '#c678dd', '#56b6c2', '#d19a66', '#98c379', '#be5046', '#61afef'];
