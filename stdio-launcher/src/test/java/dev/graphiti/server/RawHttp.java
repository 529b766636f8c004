package dev.graphiti.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/1.1 exchange over a plain socket, for the requests java.net.http refuses to send (a foreign
 * or missing Host header).
 */
final class RawHttp {

    record Reply(int status, String head, String body) {
    }

    private RawHttp() {
    }

    static Reply send(int port, String requestHead, String body) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            String head = requestHead + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            InputStream in = socket.getInputStream();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int split = text.indexOf("\r\n\r\n");
            String replyHead = split < 0 ? text : text.substring(0, split);
            String replyBody = split < 0 ? "" : text.substring(split + 4);
            int status = Integer.parseInt(replyHead.substring(9, 12));
            return new Reply(status, replyHead, replyBody);
        }
    }
}
