package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an uncompressed single-part scanline OpenEXR file, written here from the file layout
 * OpenEXR documents (magic and version, header attributes up to an empty name, the line offset
 * table, then per scanline its y, its byte count and each channel's samples in the order of the
 * channel list), sharing nothing with skinmesh's writer. Checks every field a reader relies on.
 */
final class ExrScanlines {
    /** The four bytes every OpenEXR file starts with, as a little-endian int. */
    static final int MAGIC = 20000630;
    /** Pixel type of 16-bit floats in a channel list. */
    static final int HALF = 1;
    /** Pixel type of 32-bit floats in a channel list. */
    static final int FLOAT = 2;

    /**
     * A decoded image.
     *
     * @param width pixels per scanline
     * @param height scanlines
     * @param pixelType {@link #HALF} or {@link #FLOAT}, the same for every channel
     * @param rgba {@code 4*width*height} values, scanline 0 first, channels R, G, B, A per pixel
     */
    record Image(int width, int height, int pixelType, float[] rgba) {
    }

    private record Channel(String name, int type) {
    }

    private ExrScanlines() {
    }

    static Image read(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getInt()).as("magic").isEqualTo(MAGIC);
        int version = b.getInt();
        assertThat(version & 0xff).as("version").isEqualTo(2);
        assertThat(version & 0x200).as("tiled flag").isZero();
        List<Channel> channels = null;
        int compression = -1;
        int[] window = null;
        int lineOrder = -1;
        for (String name = text(b); !name.isEmpty(); name = text(b)) {
            String type = text(b);
            int size = b.getInt();
            int end = b.position() + size;
            switch (name) {
                case "channels" -> {
                    assertThat(type).isEqualTo("chlist");
                    channels = new ArrayList<>();
                    for (String c = text(b); !c.isEmpty(); c = text(b)) {
                        int pixelType = b.getInt();
                        b.position(b.position() + 4); // pLinear and three reserved bytes
                        assertThat(b.getInt()).as("x sampling of %s", c).isEqualTo(1);
                        assertThat(b.getInt()).as("y sampling of %s", c).isEqualTo(1);
                        channels.add(new Channel(c, pixelType));
                    }
                }
                case "compression" -> compression = b.get();
                case "dataWindow" -> window = new int[] {b.getInt(), b.getInt(), b.getInt(), b.getInt()};
                case "lineOrder" -> lineOrder = b.get();
                default -> {
                }
            }
            b.position(end);
        }
        assertThat(channels).as("channel list").isNotNull();
        assertThat(compression).as("compression (0: none)").isZero();
        assertThat(lineOrder).as("line order (0: increasing y)").isZero();
        assertThat(window).as("data window").isNotNull();
        int width = window[2] - window[0] + 1;
        int height = window[3] - window[1] + 1;
        int type = channels.get(0).type();
        int bytes = type == HALF ? 2 : 4;
        int[] slot = new int[channels.size()]; // channel list position -> RGBA slot
        List<String> names = new ArrayList<>();
        for (int c = 0; c < channels.size(); c++) {
            assertThat(channels.get(c).type()).as("pixel type of %s", channels.get(c).name()).isEqualTo(type);
            slot[c] = "RGBA".indexOf(channels.get(c).name());
            names.add(channels.get(c).name());
        }
        assertThat(names).as("channels, in the file's (alphabetical) order").containsExactly("A", "B", "G", "R");
        long[] offsets = new long[height];
        for (int y = 0; y < height; y++) {
            offsets[y] = b.getLong();
        }
        float[] rgba = new float[4 * width * height];
        for (int y = 0; y < height; y++) {
            b.position((int) offsets[y]);
            assertThat(b.getInt()).as("y of scanline %d", y).isEqualTo(window[1] + y);
            assertThat(b.getInt()).as("bytes of scanline %d", y).isEqualTo(channels.size() * width * bytes);
            for (int c = 0; c < channels.size(); c++) {
                for (int x = 0; x < width; x++) {
                    float v = type == HALF ? halfToFloat(b.getShort()) : b.getFloat();
                    rgba[4 * (y * width + x) + slot[c]] = v;
                }
            }
        }
        return new Image(width, height, type, rgba);
    }

    private static String text(ByteBuffer b) {
        int start = b.position();
        while (b.get() != 0) {
            // up to the terminating zero
        }
        return new String(b.array(), start, b.position() - 1 - start, StandardCharsets.US_ASCII);
    }

    /** IEEE 754 binary16 to float: sign, 5 exponent bits (bias 15), 10 fraction bits; subnormals, infinities, NaN. */
    static float halfToFloat(short bits) {
        int h = bits & 0xffff;
        int sign = (h & 0x8000) != 0 ? -1 : 1;
        int exponent = (h >>> 10) & 0x1f;
        int fraction = h & 0x3ff;
        if (exponent == 0) {
            return sign * fraction * 0x1p-24f;
        }
        if (exponent == 31) {
            return fraction == 0 ? sign * Float.POSITIVE_INFINITY : Float.NaN;
        }
        return sign * (1 + fraction / 1024f) * (float) Math.pow(2, exponent - 15);
    }
}
