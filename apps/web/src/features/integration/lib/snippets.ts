export type SnippetInput = {
  baseUrl: string;
  botId: string;
  message: string;
};

export const apiKeyVariable = 'ASKWELL_API_KEY';

export function chatUrl(baseUrl: string) {
  return `${baseUrl.replace(/\/+$/, '')}/v1/chat`;
}

// Inside single quotes the shell takes everything literally except the single quote itself.
function shellQuote(text: string) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function controlEscape(char: string, format: (code: string) => string) {
  return format(char.charCodeAt(0).toString(16).padStart(4, '0'));
}

function swiftString(text: string) {
  const body = text.replace(/[\\"\n\r\t]|[\u0000-\u001f\u007f]/g, (char) => {
    switch (char) {
      case '\\':
        return '\\\\';
      case '"':
        return '\\"';
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return controlEscape(char, (code) => `\\u{${code}}`);
    }
  });
  return `"${body}"`;
}

function kotlinString(text: string) {
  const body = text.replace(/[\\"$\n\r\t\b]|[\u0000-\u001f\u007f]/g, (char) => {
    switch (char) {
      case '\\':
        return '\\\\';
      case '"':
        return '\\"';
      case '$':
        return '\\$';
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      case '\b':
        return '\\b';
      default:
        return controlEscape(char, (code) => `\\u${code}`);
    }
  });
  return `"${body}"`;
}

// The key stays in an environment variable, so the command can be pasted as is once it is set
// and the key never lands in shell history or a screenshot.
export function curlSnippet({ baseUrl, botId, message }: SnippetInput) {
  const body = JSON.stringify({ botId, message });
  return [
    `curl -sS ${chatUrl(baseUrl)} \\`,
    `  -H "Authorization: Bearer $${apiKeyVariable}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}

export function exportSnippet() {
  return `export ${apiKeyVariable}="paste-your-api-key-here"`;
}

export function javascriptSnippet({ baseUrl, botId, message }: SnippetInput) {
  return `// Node 18+ (save as ask.mjs and run: node ask.mjs) or any server-side JavaScript runtime.
const response = await fetch(${JSON.stringify(chatUrl(baseUrl))}, {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.${apiKeyVariable}}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    botId: ${JSON.stringify(botId)},
    message: ${JSON.stringify(message)},
    // Pass the sessionId of the previous reply to continue the same conversation.
  }),
});

const data = await response.json();
if (!response.ok) throw new Error(\`\${data.error.code}: \${data.error.message}\`);

console.log(data.reply);
for (const source of data.sources) console.log('Source:', source.title, source.url ?? '');`;
}

export function swiftSnippet({ baseUrl, botId, message }: SnippetInput) {
  return `import Foundation

struct ChatSource: Decodable {
    let title: String
    let page: Int?
    let url: String?
}

struct ChatReply: Decodable {
    let sessionId: String
    let conversationId: String
    let reply: String
    let sources: [ChatSource]
}

// Pass the sessionId of the previous reply to continue the same conversation.
func askBot(_ message: String, sessionId: String? = nil, apiKey: String) async throws -> ChatReply {
    var request = URLRequest(url: URL(string: ${swiftString(chatUrl(baseUrl))})!)
    request.httpMethod = "POST"
    request.setValue("Bearer \\(apiKey)", forHTTPHeaderField: "Authorization")
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    var body: [String: String] = ["botId": ${swiftString(botId)}, "message": message]
    if let sessionId { body["sessionId"] = sessionId }
    request.httpBody = try JSONEncoder().encode(body)

    let (data, response) = try await URLSession.shared.data(for: request)
    guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
        throw URLError(.badServerResponse)
    }
    return try JSONDecoder().decode(ChatReply.self, from: data)
}

// let answer = try await askBot(${swiftString(message)}, apiKey: yourKey)
// print(answer.reply)`;
}

export function kotlinSnippet({ baseUrl, botId, message }: SnippetInput) {
  return `// build.gradle.kts: implementation("com.squareup.okhttp3:okhttp:4.12.0")
import okhttp3.MediaType.Companion.toMediaType
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.toRequestBody
import org.json.JSONObject

val client = OkHttpClient()

// Blocking: call it from a background thread or withContext(Dispatchers.IO).
// Pass the sessionId of the previous reply to continue the same conversation.
fun askBot(message: String, apiKey: String, sessionId: String? = null): JSONObject {
    val body = JSONObject()
        .put("botId", ${kotlinString(botId)})
        .put("message", message)
    if (sessionId != null) body.put("sessionId", sessionId)

    val request = Request.Builder()
        .url(${kotlinString(chatUrl(baseUrl))})
        .header("Authorization", "Bearer $apiKey")
        .post(body.toString().toRequestBody("application/json".toMediaType()))
        .build()

    client.newCall(request).execute().use { response ->
        val text = response.body?.string().orEmpty()
        check(response.isSuccessful) { "Askwell answered \${response.code}: $text" }
        return JSONObject(text)
    }
}

// val answer = askBot(${kotlinString(message)}, apiKey = yourKey)
// println(answer.getString("reply"))`;
}

export function exampleResponse() {
  return JSON.stringify(
    {
      sessionId: '9b1f0c7e-3a52-4d6e-8f41-2c7d5e9a0b13',
      conversationId: '0b6c7d1e-5f2a-4c3b-9e8d-7a6f5e4d3c2b',
      reply: 'You can return any item within 30 days of delivery [1].',
      sources: [
        {
          sourceId: '5d0f6a2e-1c3b-4e9a-8f7d-6c5b4a3e2d1f',
          title: 'returns-policy.pdf',
          page: 2,
          url: null,
          snippet: 'Items may be returned within 30 days of delivery…',
        },
      ],
    },
    null,
    2,
  );
}
