// The public pages as the app's router loads them (signed-out visitors reaching them inside the app, e.g. after logout).
export { default as AboutPage } from "./pages/AboutPage";
export { default as ContactPage } from "./pages/ContactPage";
export { default as HowItWorksPage } from "./pages/HowItWorksPage";
export { default as LandingPage } from "./pages/LandingPage";
export { default as PricingPage } from "./pages/PricingPage";
export { default as PrototypingPage } from "./pages/PrototypingPage";
