/// <reference types="vite/client" />

/** ISO time of the client build, shown by the footer's product-name alert. */
declare const __BUILD_TIME__: string;
