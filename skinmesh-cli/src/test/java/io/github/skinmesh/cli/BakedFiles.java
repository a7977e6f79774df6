package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.gltf.AssetPoser;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.PartSource;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * What {@code skinmesh vat} and {@code skinmesh bones-texture} wrote, read without skinmesh's own
 * reader: the manifest as plain JSON, checked field by field against the CLI contract; the texels
 * from the raw bytes, from the PNG through {@code javax.imageio}, from the EXR through
 * {@link ExrScanlines}; each texel found by the contract's addressing rule and decoded by its
 * formulas, then compared with exact skinning at every vertex of every frame: the positions
 * {@code skinmesh skin} writes (its default space, each skinned node's own) at the frame's time, and
 * normals posed by {@link CharacterPoser} and moved into each node's space here.
 */
final class BakedFiles {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** Relative tolerance between this double-precision decode and the shaders' float arithmetic. */
    static final double DECODE_TOLERANCE = 1e-6;

    final Path dir;
    final JsonNode manifest;
    final String kind;
    final String encoding;
    final int width;
    final int height;
    final int rowsPerFrame;
    final int elementCount;
    /** Per texture role, the channel values as stored: integers for unorm, floats otherwise; 4 per texel. */
    final Map<String, double[]> textures = new LinkedHashMap<>();
    /** Per texture role, its file name. */
    final Map<String, String> files = new LinkedHashMap<>();

    private BakedFiles(Path dir, JsonNode manifest) {
        this.dir = dir;
        this.manifest = manifest;
        this.kind = manifest.get("kind").textValue();
        this.encoding = manifest.get("encoding").textValue();
        this.width = manifest.get("width").intValue();
        this.height = manifest.get("height").intValue();
        this.rowsPerFrame = manifest.get("rowsPerFrame").intValue();
        this.elementCount = manifest.get(kind.equals("bones") ? "boneCount" : "vertexCount").intValue();
    }

    /** Reads the manifest and its textures, checking every field the CLI contract names. */
    static BakedFiles read(Path dir) throws IOException {
        JsonNode m = MAPPER.readTree(dir.resolve("manifest.json").toFile());
        assertThat(m.get("format").textValue()).isEqualTo("skinmesh-vat");
        assertThat(m.get("version").isInt()).isTrue();
        assertThat(m.get("version").intValue()).isEqualTo(1);
        assertThat(m.get("kind").textValue()).isIn("vertex", "bones");
        assertThat(m.get("encoding").textValue()).isIn("float", "half", "unorm16", "unorm8");
        for (String key : new String[] {"width", "height", "rowsPerFrame"}) {
            assertThat(m.get(key).isInt()).as(key).isTrue();
            assertThat(m.get(key).intValue()).as(key).isPositive();
        }
        boolean bones = m.get("kind").textValue().equals("bones");
        String count = bones ? "boneCount" : "vertexCount";
        assertThat(m.get(count).isInt()).as(count).isTrue();
        assertThat(m.has(bones ? "vertexCount" : "boneCount")).as("the other kind's count").isFalse();
        assertThat(m.get("offsets").isBoolean()).isTrue();
        checkBounds(m.get("bounds"), "bounds");
        assertThat(m.get("maxError").isNumber()).isTrue();
        assertThat(m.get("rmsError").isNumber()).isTrue();
        assertThat(m.get("rmsError").doubleValue()).isBetween(0.0, m.get("maxError").doubleValue());
        BakedFiles baked = new BakedFiles(dir, m);
        JsonNode textures = m.get("textures");
        List<String> roles = new ArrayList<>();
        textures.fieldNames().forEachRemaining(roles::add);
        assertThat(roles).isEqualTo(bones ? List.of("bones")
                : roles.contains("normals") ? List.of("positions", "normals") : List.of("positions"));
        int expectedRows = (baked.elements() + baked.width - 1) / baked.width;
        assertThat(baked.rowsPerFrame).as("rowsPerFrame = ceil(texels per frame / width)").isEqualTo(expectedRows);
        int row = 0;
        for (JsonNode c : m.get("clips")) {
            assertThat(c.get("name").isTextual()).isTrue();
            assertThat(c.get("firstRow").intValue()).as("clips follow each other, each from a fresh row").isEqualTo(row);
            int frames = c.get("frames").intValue();
            double fps = c.get("fps").doubleValue();
            double duration = c.get("duration").doubleValue();
            assertThat(frames).isPositive();
            assertThat(fps).isPositive();
            // frame f at min(f / fps, duration), the last exactly at the duration: just enough frames to reach it
            assertThat((frames - 1) / fps).as("time of the last frame before clamping").isGreaterThanOrEqualTo(
                    duration - 1e-3 / fps);
            if (frames > 1) {
                assertThat((frames - 2) / fps).as("time of the frame before the last").isLessThan(duration);
            }
            assertThat(c.get("loop").isBoolean()).isTrue();
            checkBounds(c.get("bounds"), "clip bounds");
            row += frames * baked.rowsPerFrame;
        }
        assertThat(baked.height).as("height holds every clip").isGreaterThanOrEqualTo(row);
        for (String role : roles) {
            String name = textures.get(role).textValue();
            baked.files.put(role, name);
            baked.textures.put(role, baked.texels(dir.resolve(name)));
        }
        return baked;
    }

    private static void checkBounds(JsonNode b, String what) {
        for (String side : new String[] {"min", "max"}) {
            assertThat(b.get(side).size()).as("%s.%s", what, side).isEqualTo(3);
        }
        for (int a = 0; a < 3; a++) {
            assertThat(b.get("min").get(a).doubleValue()).as(what).isLessThanOrEqualTo(b.get("max").get(a).doubleValue());
        }
    }

    /** @return texels per frame: vertices, or three per bone */
    int elements() {
        return kind.equals("bones") ? 3 * elementCount : elementCount;
    }

    private int bytesPerChannel() {
        return switch (encoding) {
            case "float" -> 4;
            case "half", "unorm16" -> 2;
            default -> 1;
        };
    }

    /** Reads a texture file by its signature into stored channel values, checking its size and depth. */
    private double[] texels(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        double[] v = new double[4 * width * height];
        String name = file.getFileName().toString();
        if (name.endsWith(".exr")) {
            ExrScanlines.Image exr = ExrScanlines.read(bytes);
            assertThat(encoding).as("EXR holds float encodings").isIn("float", "half");
            assertThat(exr.pixelType()).isEqualTo(encoding.equals("half") ? ExrScanlines.HALF : ExrScanlines.FLOAT);
            assertThat(new int[] {exr.width(), exr.height()}).containsExactly(width, height);
            for (int i = 0; i < v.length; i++) {
                v[i] = exr.rgba()[i];
            }
        } else if (name.endsWith(".png")) {
            assertThat(encoding).as("PNG holds normalized encodings").isIn("unorm16", "unorm8");
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
            assertThat(new int[] {image.getWidth(), image.getHeight()}).containsExactly(width, height);
            Raster raster = image.getRaster();
            assertThat(raster.getNumBands()).isEqualTo(4);
            assertThat(raster.getSampleModel().getSampleSize(0)).isEqualTo(8 * bytesPerChannel());
            int[] px = new int[4];
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    raster.getPixel(x, y, px);
                    for (int k = 0; k < 4; k++) {
                        v[4 * (y * width + x) + k] = px[k];
                    }
                }
            }
        } else {
            assertThat(name).endsWith(".raw");
            assertThat(bytes.length).as("raw: W*H texels of 4 channels").isEqualTo(4L * width * height * bytesPerChannel());
            ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < v.length; i++) {
                v[i] = switch (encoding) {
                    case "float" -> b.getFloat();
                    case "half" -> ExrScanlines.halfToFloat(b.getShort());
                    case "unorm16" -> b.getShort() & 0xffff;
                    default -> b.get() & 0xff;
                };
            }
        }
        return v;
    }

    /** @return the texel of element {@code i} of frame {@code f} of clip {@code c}: {column, row}, by the contract's rule */
    int[] address(int c, int f, int i) {
        int firstRow = manifest.get("clips").get(c).get("firstRow").intValue();
        return new int[] {i % width, firstRow + f * rowsPerFrame + i / width};
    }

    /** @return channel {@code k} of a texel as stored */
    double stored(String role, int[] texel, int k) {
        return textures.get(role)[4 * (texel[1] * width + texel[0]) + k];
    }

    /** @return channel {@code k} as a GPU fetch gives it: unorm {@code q / (2^bits - 1)}, floats as stored */
    double fetched(String role, int[] texel, int k) {
        double q = stored(role, texel, k);
        return encoding.equals("unorm16") ? q / 65535 : encoding.equals("unorm8") ? q / 255 : q;
    }

    /** @return axis {@code a} of a position texel by the contract: unorm {@code min + value / (2^bits - 1) * (max - min)} */
    double position(int[] texel, int a) {
        double v = fetched("positions", texel, a);
        if (encoding.startsWith("unorm")) {
            double min = manifest.at("/bounds/min").get(a).doubleValue();
            double max = manifest.at("/bounds/max").get(a).doubleValue();
            return min + v * (max - min);
        }
        return v;
    }

    /** The largest and RMS distance between decoded and exact positions, and the largest normal angle. */
    record Measured(double maxError, double rmsError, double normalMaxDegrees, long samples) {
    }

    /** The skinned primitives of a file in {@code skin}'s order: bind positions and weights, concatenated. */
    static final class Vertices {
        final Path file;
        final GltfAsset asset;
        final AssetPoser poser;
        final float[] bind;
        final int[][] joints;
        final float[][] weights;
        final List<Part> parts = new ArrayList<>();
        /** Per part, its skinned node's placement. */
        final List<PartSource> sources = new ArrayList<>();
        /** What {@code skin} wrote, by clip index and time bits. */
        private final Map<Long, float[]> skinned = new java.util.HashMap<>();

        Vertices(Path file) throws IOException {
            this.file = file;
            asset = GltfReader.read(file);
            poser = AssetPoser.bind(asset);
            int n = poser.vertexCount();
            bind = new float[3 * n];
            joints = new int[n][];
            weights = new float[n][];
            int at = 0;
            for (int p = 0; p < poser.primitiveCount(); p++) {
                Part part = poser.part(p);
                if (parts.isEmpty() || parts.get(parts.size() - 1) != part) {
                    parts.add(part);
                    sources.add(poser.source(p));
                }
                Mesh mesh = part.mesh();
                PartSource.Primitive prim = poser.source(p).primitives().get(poser.primitiveIndex(p));
                float[] positions = mesh.positions();
                BoneWeights w = mesh.skin().weights();
                for (int v = prim.firstVertex(); v < prim.firstVertex() + prim.vertexCount(); v++, at++) {
                    System.arraycopy(positions, 3 * v, bind, 3 * at, 3);
                    int k = w.influencesPerVertex();
                    joints[at] = new int[k];
                    weights[at] = new float[k];
                    double sum = 0;
                    for (int s = 0; s < k; s++) {
                        joints[at][s] = w.joint(v, s);
                        weights[at][s] = w.weight(v, s);
                        sum += weights[at][s];
                    }
                    for (int s = 0; s < k; s++) { // normalized, as skinning normalizes them
                        weights[at][s] = sum > 0 ? (float) (weights[at][s] / sum) : s == 0 ? 1 : 0;
                    }
                }
            }
        }

        int count() {
            return bind.length / 3;
        }

        /**
         * Copies into {@code dst} what {@code skinmesh skin FILE --clip C --time T --out -} writes (its
         * default space), running the command once per clip and time.
         */
        float[] skin(AnimationClip clip, float time, float[] dst) {
            int index = asset.clips().indexOf(clip);
            float[] p = skinned.computeIfAbsent(((long) index << 32) | (Float.floatToIntBits(time) & 0xffffffffL), k -> {
                Cli.Run run = Cli.run("skin", file, "--clip", index, "--time", time, "--out", "-", "--quiet").assertOk();
                assertThat(run.stdout().length).as("skin's output: 12 bytes per vertex").isEqualTo(12 * count());
                float[] v = new float[3 * count()];
                ByteBuffer.wrap(run.stdout()).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
                return v;
            });
            System.arraycopy(p, 0, dst, 0, p.length);
            return dst;
        }

        /**
         * The normals of every part posed at the poser's last pose and moved into its skinned node's space:
         * by the inverse transpose of {@code inverse(W_node)}, which is {@code transpose(W_node)}.
         */
        float[] nodeNormals(CharacterPoser poser, PosedVertices posed) {
            float[] model = poser.modelMatricesInto(new float[16 * asset.skeleton().boneCount()], 0);
            float[] out = new float[3 * count()];
            int o = 0;
            for (int p = 0; p < posed.partCount(); p++) {
                PartSource s = sources.get(p);
                org.joml.Matrix4d w = new org.joml.Matrix4d().set(s.nodeMatrixInto(new float[16], 0));
                if (s.nodeBone() != io.github.skinmesh.core.model.Index.NONE) {
                    float[] b = java.util.Arrays.copyOfRange(model, 16 * s.nodeBone(), 16 * s.nodeBone() + 16);
                    w = new org.joml.Matrix4d().set(b).mul(w);
                }
                w.transpose();
                float[] n = posed.normals(p);
                for (int v = 0; v < n.length; v += 3, o += 3) {
                    org.joml.Vector3d d = w.transformDirection(new org.joml.Vector3d(n[v], n[v + 1], n[v + 2]));
                    out[o] = (float) d.x;
                    out[o + 1] = (float) d.y;
                    out[o + 2] = (float) d.z;
                }
            }
            return out;
        }

        AnimationClip clip(String name) {
            AnimationClip clip = asset.clip(name);
            assertThat(clip).as("clip '%s' of the file", name).isNotNull();
            return clip;
        }
    }

    /** @return the time of frame {@code f} by the contract: {@code min(f / fps, duration)}, the last frame at the duration */
    static float frameTime(JsonNode clip, int f) {
        float duration = clip.get("duration").floatValue();
        int frames = clip.get("frames").intValue();
        return f == frames - 1 ? duration : (float) Math.min(f / clip.get("fps").doubleValue(), duration);
    }

    /**
     * Decodes every vertex of every frame of a vertex bake and compares it with exact skinning: each
     * within the manifest's {@code maxError}, inside its clip's bounds; the largest and RMS distances
     * equal to the reported ones; normals within {@code normalMaxErrorDegrees}.
     */
    Measured checkVertices(Vertices vertices) {
        assertThat(kind).isEqualTo("vertex");
        assertThat(elementCount).as("vertexCount: skin's vertices").isEqualTo(vertices.count());
        boolean offsets = manifest.get("offsets").booleanValue();
        boolean normals = textures.containsKey("normals");
        double reported = manifest.get("maxError").doubleValue();
        double tolerance = DECODE_TOLERANCE * (1 + positionsExtent());
        float[] exact = new float[3 * vertices.count()];
        double max = 0;
        double sum = 0;
        double normalMax = 0;
        long samples = 0;
        Iterator<JsonNode> it = manifest.get("clips").elements();
        for (int c = 0; it.hasNext(); c++) {
            JsonNode clip = it.next();
            AnimationClip animation = vertices.clip(clip.get("name").textValue());
            assertThat(clip.get("duration").floatValue()).isEqualTo(animation.duration());
            double[] lo = corner(clip, "min", -tolerance);
            double[] hi = corner(clip, "max", tolerance);
            CharacterPoser withNormals = normals ? CharacterPoser.bind(vertices.asset.skeleton(), vertices.parts,
                    animation, PoserOptions.BAKE.withStreams(PoserOptions.Streams.POSITIONS_NORMALS)) : null;
            PosedVertices posed = normals ? withNormals.newOutput() : null;
            for (int f = 0; f < clip.get("frames").intValue(); f++) {
                float t = frameTime(clip, f);
                vertices.skin(animation, t, exact);
                float[] exactNormals = null;
                if (normals) {
                    withNormals.poseInto(t, posed);
                    exactNormals = vertices.nodeNormals(withNormals, posed);
                }
                for (int v = 0; v < vertices.count(); v++) {
                    int[] texel = address(c, f, v);
                    double d2 = 0;
                    for (int a = 0; a < 3; a++) {
                        double decoded = position(texel, a) + (offsets ? vertices.bind[3 * v + a] : 0);
                        double e = decoded - exact[3 * v + a];
                        d2 += e * e;
                        if (decoded < lo[a] || decoded > hi[a] || exact[3 * v + a] < lo[a] || exact[3 * v + a] > hi[a]) {
                            fail("clip %d frame %d vertex %d axis %d: decoded %s, exact %s, outside the clip's bounds "
                                    + "%s..%s", c, f, v, a, decoded, exact[3 * v + a], lo[a], hi[a]);
                        }
                    }
                    double d = Math.sqrt(d2);
                    if (d > reported + tolerance) {
                        fail("clip %d frame %d vertex %d: decoded %s from exact, more than maxError %s", c, f, v, d,
                                reported);
                    }
                    max = Math.max(max, d);
                    sum += d2;
                    samples++;
                    if (normals) {
                        normalMax = Math.max(normalMax, angle(decodeNormal(address(c, f, v)), exactNormals, 3 * v));
                    }
                }
            }
        }
        double rms = Math.sqrt(sum / samples);
        assertThat(max).as("largest error measured here vs the manifest's maxError").isCloseTo(reported,
                org.assertj.core.data.Offset.offset(tolerance));
        assertThat(rms).as("RMS measured here vs the manifest's rmsError").isCloseTo(
                manifest.get("rmsError").doubleValue(), org.assertj.core.data.Offset.offset(tolerance + 1e-3 * rms));
        if (normals) {
            assertThat(normalMax).as("largest normal angle, degrees")
                    .isLessThanOrEqualTo(manifest.get("normalMaxErrorDegrees").doubleValue() + 1e-3);
        }
        return new Measured(max, rms, normalMax, samples);
    }

    /** @return a normal texel decoded by the contract: unit xyz for floats, octahedral for unorm */
    double[] decodeNormal(int[] texel) {
        double x = fetched("normals", texel, 0);
        double y = fetched("normals", texel, 1);
        double z = fetched("normals", texel, 2);
        if (encoding.startsWith("unorm")) { // octahedral: [0,1] -> [-1,1], lower half unfolded over the diagonals
            double u = 2 * x - 1;
            double w = 2 * y - 1;
            z = 1 - Math.abs(u) - Math.abs(w);
            if (z < 0) {
                double fu = (1 - Math.abs(w)) * (u >= 0 ? 1 : -1);
                double fw = (1 - Math.abs(u)) * (w >= 0 ? 1 : -1);
                u = fu;
                w = fw;
            }
            x = u;
            y = w;
        }
        double len = Math.sqrt(x * x + y * y + z * z);
        return new double[] {x / len, y / len, z / len};
    }

    private static double angle(double[] n, float[] exact, int at) {
        double ex = exact[at];
        double ey = exact[at + 1];
        double ez = exact[at + 2];
        double len = Math.sqrt(ex * ex + ey * ey + ez * ez);
        double dot = (n[0] * ex + n[1] * ey + n[2] * ez) / len;
        return Math.toDegrees(Math.acos(Math.max(-1, Math.min(1, dot))));
    }

    /**
     * Skins every vertex of every frame with the matrices decoded from a bone bake and compares with
     * exact skinning: each within {@code maxError}, inside its clip's bounds; largest and RMS equal to
     * the reported ones.
     */
    Measured checkBones(Vertices vertices) {
        assertThat(kind).isEqualTo("bones");
        int palette = vertices.parts.get(0).mesh().skin().paletteSize();
        assertThat(elementCount).as("boneCount: the palette of the mesh's skin").isEqualTo(palette);
        if (rowsPerFrame > 1) {
            assertThat(width % 3).as("a wrapped bone texture keeps a bone's 3 texels on one row").isZero();
        }
        double reported = manifest.get("maxError").doubleValue();
        float[] exact = new float[3 * vertices.count()];
        double tolerance = 10 * DECODE_TOLERANCE * (1 + positionsExtent());
        double max = 0;
        double sum = 0;
        long samples = 0;
        double[] rows = new double[12 * palette];
        Iterator<JsonNode> it = manifest.get("clips").elements();
        for (int c = 0; it.hasNext(); c++) {
            JsonNode clip = it.next();
            AnimationClip animation = vertices.clip(clip.get("name").textValue());
            double[] lo = corner(clip, "min", -tolerance);
            double[] hi = corner(clip, "max", tolerance);
            for (int f = 0; f < clip.get("frames").intValue(); f++) {
                vertices.skin(animation, frameTime(clip, f), exact);
                for (int b = 0; b < palette; b++) {
                    for (int r = 0; r < 3; r++) {
                        int[] texel = address(c, f, 3 * b + r);
                        for (int k = 0; k < 4; k++) {
                            rows[12 * b + 4 * r + k] = fetched("bones", texel, k);
                        }
                    }
                }
                for (int v = 0; v < vertices.count(); v++) {
                    double[] p = new double[3];
                    for (int s = 0; s < vertices.joints[v].length; s++) {
                        int m = 12 * vertices.joints[v][s];
                        double w = vertices.weights[v][s];
                        for (int r = 0; r < 3; r++) {
                            p[r] += w * (rows[m + 4 * r] * vertices.bind[3 * v] + rows[m + 4 * r + 1] * vertices.bind[3 * v + 1]
                                    + rows[m + 4 * r + 2] * vertices.bind[3 * v + 2] + rows[m + 4 * r + 3]);
                        }
                    }
                    double d2 = 0;
                    for (int a = 0; a < 3; a++) {
                        double e = p[a] - exact[3 * v + a];
                        d2 += e * e;
                        if (exact[3 * v + a] < lo[a] || exact[3 * v + a] > hi[a]) {
                            fail("clip %d frame %d vertex %d axis %d: exact %s outside the clip's bounds", c, f, v, a,
                                    exact[3 * v + a]);
                        }
                    }
                    double d = Math.sqrt(d2);
                    if (d > reported + tolerance) {
                        fail("clip %d frame %d vertex %d: skinned with the decoded matrices %s from exact, more than "
                                + "maxError %s", c, f, v, d, reported);
                    }
                    max = Math.max(max, d);
                    sum += d2;
                    samples++;
                }
            }
        }
        double rms = Math.sqrt(sum / samples);
        // the shader skins in float; this in double: a little apart, never far
        assertThat(max).as("largest error measured here vs the manifest's maxError").isCloseTo(reported,
                org.assertj.core.data.Offset.offset(tolerance));
        assertThat(rms).isCloseTo(manifest.get("rmsError").doubleValue(),
                org.assertj.core.data.Offset.offset(1e-2 * rms + tolerance));
        return new Measured(max, rms, Double.NaN, samples);
    }

    /** @return a corner of a clip's bounds, moved by {@code margin} */
    private static double[] corner(JsonNode clip, String side, double margin) {
        double[] c = new double[3];
        for (int a = 0; a < 3; a++) {
            c[a] = clip.get("bounds").get(side).get(a).doubleValue() + margin;
        }
        return c;
    }

    /** @return the largest coordinate magnitude of the manifest's bounds and of every clip's */
    private double positionsExtent() {
        double e = extent(manifest.get("bounds"));
        for (JsonNode c : manifest.get("clips")) {
            e = Math.max(e, extent(c.get("bounds")));
        }
        return e;
    }

    private static double extent(JsonNode bounds) {
        double e = 0;
        for (int a = 0; a < 3; a++) {
            e = Math.max(e, Math.max(Math.abs(bounds.get("min").get(a).doubleValue()),
                    Math.abs(bounds.get("max").get(a).doubleValue())));
        }
        return e;
    }
}
