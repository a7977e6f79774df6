package io.github.skinmesh.gltf.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonCost}: every kind of value counted with its figure, the streaming estimate (before
 * the tree is built) never below the tree's, and both within
 * {@code MAX_BYTES_PER_BYTE * length + MAX_EXTRA_BYTES} on random and on the densest JSON.
 */
class JsonCostTest {
    private static JsonCost.Estimate streaming(String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        return JsonCost.of(b, 0, b.length);
    }

    private static JsonCost.Estimate tree(String json) {
        try {
            return JsonCost.of(Json.mapper().readTree(json));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyKindOfValueIsCountedWithItsFigure() {
        String json = "{\"a\":[1000,0.5,\"xyz\",true,null,[],{}],\"b\":{\"a\":12345678901}}";
        // root object + its table; field "a" (new name) + array; its first element array; then per
        // element 8 and: 1000; 0.5; "xyz"; true; null; []; {}; field "b" (new name) + object + its
        // table; field "a" (known name); a long
        long common = (96 + 80) + (56 + 48 + 1 + 56) + 56 + (8 + 16) + (8 + 24) + (8 + 56) + 8 + 8 + (8 + 56)
                + (8 + 96) + (56 + 48 + 1 + 96 + 80) + 56 + 24;
        // the string: its bytes up to the next value (",true" starts 6 bytes after its quote) twice
        // while streaming; its 3 characters twice in the tree
        assertThat(streaming(json)).isEqualTo(new JsonCost.Estimate(common + 2 * 6, 11));
        assertThat(tree(json)).isEqualTo(new JsonCost.Estimate(common + 2 * 3, 11));
    }

    @Test
    void smallIntegersAreSharedNodesAndLargeNumbersCostMore() {
        assertThat(tree("[-1,0,10]").bytes()).isEqualTo(56 + 56 + 3 * 8);
        assertThat(tree("[11]").bytes()).isEqualTo(56 + 56 + 8 + 16);
        assertThat(tree("[12345678901]").bytes()).isEqualTo(56 + 56 + 8 + 24);
        String big = "123456789012345678901234567890";
        assertThat(tree("[" + big + "]").bytes()).isEqualTo(56 + 56 + 8 + 64 + big.length());
        assertThat(streaming("[" + big + "]").bytes()).isEqualTo(56 + 56 + 8 + 64 + big.length());
    }

    @Test
    void malformedJsonIsCountedUpToWhereItBreaks() {
        assertThat(streaming("{\"a\":[1,2").values()).isEqualTo(4);
        assertThat(streaming("").values()).isZero();
    }

    @Test
    void theDensestJsonStaysWithinTheBound() {
        StringBuilder nested = new StringBuilder();
        for (int i = 0; i < 100; i++) { // well inside the nesting limit, in sibling chains
            nested.append(i == 0 ? "[" : ",").append("[".repeat(200)).append("]".repeat(200));
        }
        String[] densest = {nested.append("]").toString(), "[" + "{},".repeat(10_000) + "{}]",
            "[" + "[0],".repeat(10_000) + "[0]]", "[" + "\"\",".repeat(10_000) + "\"\"]", "[[]]", "{}", "[{}]"};
        for (String json : densest) {
            assertWithinBound(json);
        }
    }

    /** Pieces of strings: ASCII, escapes, and characters of two and three UTF-8 bytes. */
    private static final String[] STRING_PIECES = {"a", "\\u00e9", "\\n", "\u00e9", "\u4e2d"};

    /** Random documents of every kind of value, nested up to 40 deep. */
    @Property(tries = 300, seed = "60")
    void randomJsonStaysWithinTheBoundAndTheTreeBelowTheStream(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder();
        value(r, sb, 0);
        assertWithinBound(sb.toString());
    }

    private static void assertWithinBound(String json) {
        JsonCost.Estimate stream = streaming(json);
        JsonCost.Estimate built = tree(json);
        long length = json.getBytes(StandardCharsets.UTF_8).length;
        assertThat(built.values()).as("fewer with a repeated key, whose last value the tree keeps")
                .isLessThanOrEqualTo(stream.values());
        assertThat(built.bytes()).isLessThanOrEqualTo(stream.bytes());
        assertThat(stream.bytes()).as("%s", json.length() > 200 ? json.substring(0, 200) + "..." : json)
                .isLessThanOrEqualTo(JsonCost.MAX_BYTES_PER_BYTE * length + JsonCost.MAX_EXTRA_BYTES);
    }

    private static void value(SplittableRandom r, StringBuilder sb, int depth) {
        int kind = depth >= 40 ? 2 + r.nextInt(6) : r.nextInt(8);
        switch (kind) {
            case 0, 1 -> {
                boolean object = kind == 0;
                sb.append(object ? '{' : '[');
                int n = r.nextInt(depth < 3 ? 8 : 3);
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        sb.append(r.nextBoolean() ? "," : " , ");
                    }
                    if (object) {
                        sb.append('"').append(r.nextBoolean() ? "k" : "k" + r.nextInt(100)).append("\":");
                    }
                    value(r, sb, depth + 1);
                }
                sb.append(object ? '}' : ']');
            }
            case 2 -> sb.append(r.nextInt(-2, 12));
            case 3 -> sb.append(r.nextLong());
            case 4 -> sb.append(r.nextDouble() * 1e6);
            case 5 -> {
                sb.append('"');
                for (int i = r.nextInt(5); i > 0; i--) {
                    sb.append(STRING_PIECES[r.nextInt(STRING_PIECES.length)]);
                }
                sb.append('"');
            }
            case 6 -> sb.append(r.nextBoolean() ? "true" : "null");
            default -> sb.append("123456789012345678901234567890".substring(0, 19 + r.nextInt(11)));
        }
    }
}
