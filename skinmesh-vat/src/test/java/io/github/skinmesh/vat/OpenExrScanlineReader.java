package io.github.skinmesh.vat;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small OpenEXR reader for tests, written from the OpenEXR file layout document ("OpenEXR File
 * Layout": magic number, version field, header attributes, offset table, scanline blocks) and
 * sharing nothing with skinmesh's writer: it checks the writer's files from the format's side.
 *
 * <p>Reads single-part scanline files without compression (the only kind without a codec), any
 * set and order of channels of pixel type UINT, HALF or FLOAT (no subsampling), any data window,
 * any line order (the offset table says where each block is), short or long attribute names.
 * Everything else (tiles, several parts, deep data, a compression) is rejected with a message.
 * Every pixel becomes a float; halves are widened by this class's own conversion.
 */
final class OpenExrScanlineReader {
    /** The magic number, bytes {@code 76 2f 31 01}. */
    static final int MAGIC = 20000630;
    private static final int TILED = 0x200;
    private static final int LONG_NAMES = 0x400;
    private static final int NON_IMAGE = 0x800;
    private static final int MULTIPART = 0x1000;

    /** One channel: its name, pixel type (0 UINT, 1 HALF, 2 FLOAT) and values, row-major from the window's top. */
    record Channel(String name, int pixelType, float[] values) {
    }

    /**
     * A decoded image.
     *
     * @param attributes every header attribute's name and type name, in file order
     * @param xMin data window left
     * @param yMin data window top
     * @param width data window width
     * @param height data window height
     * @param lineOrder 0 increasing y, 1 decreasing y, 2 random
     * @param channels the channels in file order (sorted by name, as the format requires)
     */
    record Image(Map<String, String> attributes, int xMin, int yMin, int width, int height, int lineOrder,
            List<Channel> channels) {
        Channel channel(String name) {
            for (Channel c : channels) {
                if (c.name().equals(name)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("no channel " + name + " in " + channels);
        }
    }

    private OpenExrScanlineReader() {
    }

    static Image read(byte[] file) {
        ByteBuffer in = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        try {
            return read(in);
        } catch (BufferUnderflowException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("truncated OpenEXR file at byte " + in.position(), e);
        }
    }

    private static Image read(ByteBuffer in) {
        if (in.getInt() != MAGIC) {
            throw new IllegalArgumentException("not an OpenEXR file");
        }
        int version = in.getInt();
        if ((version & 0xff) != 2) {
            throw new IllegalArgumentException("file format version " + (version & 0xff) + ", this reader knows 2");
        }
        if ((version & (TILED | NON_IMAGE | MULTIPART)) != 0) {
            throw new IllegalArgumentException("version flags " + Integer.toHexString(version)
                    + ": tiled, deep or multi-part files are not read here");
        }
        int maxName = (version & LONG_NAMES) != 0 ? 255 : 31;
        Map<String, String> attributes = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        List<Integer> types = new ArrayList<>();
        int compression = -1;
        int lineOrder = 0;
        int[] window = null;
        while (true) {
            String name = zeroTerminated(in, maxName);
            if (name.isEmpty()) {
                break;
            }
            String type = zeroTerminated(in, maxName);
            int size = in.getInt();
            int end = in.position() + size;
            attributes.put(name, type);
            switch (name) {
                case "channels" -> {
                    while (true) {
                        String channel = zeroTerminated(in, maxName);
                        if (channel.isEmpty()) {
                            break;
                        }
                        int pixelType = in.getInt();
                        in.get(); // pLinear
                        in.position(in.position() + 3); // reserved
                        int xSampling = in.getInt();
                        int ySampling = in.getInt();
                        if (xSampling != 1 || ySampling != 1) {
                            throw new IllegalArgumentException("channel " + channel + " is subsampled");
                        }
                        if (pixelType < 0 || pixelType > 2) {
                            throw new IllegalArgumentException("channel " + channel + ": pixel type " + pixelType);
                        }
                        names.add(channel);
                        types.add(pixelType);
                    }
                }
                case "compression" -> compression = in.get() & 0xff;
                case "dataWindow" -> window = new int[] {in.getInt(), in.getInt(), in.getInt(), in.getInt()};
                case "lineOrder" -> lineOrder = in.get() & 0xff;
                default -> {
                }
            }
            if (in.position() > end) {
                throw new IllegalArgumentException("attribute " + name + " runs past its size " + size);
            }
            in.position(end);
        }
        if (window == null || names.isEmpty() || compression < 0) {
            throw new IllegalArgumentException("header lacks a required attribute: " + attributes.keySet());
        }
        if (compression != 0) {
            throw new IllegalArgumentException("compression " + compression
                    + ": only uncompressed files are read here");
        }
        int width = window[2] - window[0] + 1;
        int height = window[3] - window[1] + 1;
        // uncompressed scanline files hold one line per block, so one offset per line
        long[] offsets = new long[height];
        for (int i = 0; i < height; i++) {
            offsets[i] = in.getLong();
        }
        float[][] values = new float[names.size()][(int) ((long) width * height)];
        boolean[] seen = new boolean[height];
        for (long offset : offsets) {
            in.position(Math.toIntExact(offset));
            int y = in.getInt() - window[1];
            int size = in.getInt();
            if (y < 0 || y >= height || seen[y]) {
                throw new IllegalArgumentException("block at " + offset + " holds line " + (y + window[1]));
            }
            seen[y] = true;
            int start = in.position();
            for (int c = 0; c < names.size(); c++) {
                for (int x = 0; x < width; x++) {
                    values[c][y * width + x] = switch (types.get(c)) {
                        case 0 -> (float) Integer.toUnsignedLong(in.getInt());
                        case 1 -> halfToFloat(in.getShort());
                        default -> in.getFloat();
                    };
                }
            }
            if (in.position() - start != size) {
                throw new IllegalArgumentException("line " + y + ": " + size + " bytes declared, "
                        + (in.position() - start) + " read");
            }
        }
        List<Channel> channels = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
            channels.add(new Channel(names.get(c), types.get(c), values[c]));
        }
        return new Image(attributes, window[0], window[1], width, height, lineOrder, channels);
    }

    private static String zeroTerminated(ByteBuffer in, int maxLength) {
        int start = in.position();
        while (in.get() != 0) {
            if (in.position() - start > maxLength) {
                throw new IllegalArgumentException("name longer than " + maxLength + " bytes at " + start);
            }
        }
        return new String(in.array(), start, in.position() - 1 - start, StandardCharsets.US_ASCII);
    }

    /** IEEE 754 binary16 to binary32: sign, 5-bit exponent biased by 15, 10-bit fraction. */
    static float halfToFloat(short bits) {
        int sign = (bits >> 15) & 1;
        int exponent = (bits >> 10) & 0x1f;
        int fraction = bits & 0x3ff;
        double magnitude;
        if (exponent == 0) {
            magnitude = fraction * Math.pow(2, -24); // zero and subnormals
        } else if (exponent == 31) {
            magnitude = fraction == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else {
            magnitude = (1 + fraction / 1024.0) * Math.pow(2, exponent - 15);
        }
        return (float) (sign == 1 ? -magnitude : magnitude);
    }
}
