/**
 * Search-engine and link-preview bots: the specification renders no error page for them. The
 * server answers them a plain 404 for a path that names nothing, and the client, for a bot that
 * runs the page's scripts, draws no error screen. One list for both; every public page loads it,
 * so each bot is named by the shortest part of its user agent ("bot" covers Googlebot, bingbot,
 * Twitterbot, LinkedInBot, Slackbot, Discordbot, TelegramBot, Pinterestbot…; "preview"
 * SkypeUriPreview). An app's name alone is not a bot: people browse inside the LinkedIn, Slack,
 * Discord and Pinterest apps.
 */
export const isBot = (userAgent: string) => /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|whatsapp|vkshare/i.test(userAgent);
