package io.github.skinmesh.vat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.core.skinning.HalfFloats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Bakes vertex animation textures: poses every frame through {@link CharacterPoser}, encodes the
 * positions (and normals), decodes them again exactly as {@link VatDecoder} (and the shaders) do,
 * and measures the decoded positions against the exact poses.
 *
 * <p>The exact poses of every frame are kept (12 bytes per vertex-frame, 24 with normals) because
 * the normalized encodings need the bounds over all frames before the first texel is written;
 * posing twice instead would double the dominant cost.
 */
final class VertexBaker {
    private static final String WHERE = "bakeVertexTextures";

    private VertexBaker() {
    }

    static VatResult bake(Skeleton skeleton, List<Part> parts, List<AnimationClip> clips, VatOptions o,
            Progress progress) {
        Objects.requireNonNull(skeleton, "skeleton");
        Objects.requireNonNull(o, "options");
        Objects.requireNonNull(progress, "progress");
        List<Part> partList = List.copyOf(parts);
        List<AnimationClip> clipList = List.copyOf(clips);
        if (partList.isEmpty()) {
            throw new ValidationException(WHERE + ": no parts, expected at least one");
        }
        long vertexCount = 0;
        for (Part p : partList) {
            vertexCount += p.mesh().vertexCount();
        }
        FrameLayout layout = FrameLayout.plan(WHERE, vertexCount, 1, clipList, o.sampling());
        VatEncoding e = o.encoding();
        boolean withNormals = o.streams().normals();
        long textureBytes = (long) layout.width * layout.height * e.bytesPerTexel();
        long exactFloats = 3 * vertexCount * layout.totalFrames;
        if (textureBytes > Checks.MAX_ARRAY_LENGTH || exactFloats > Checks.MAX_ARRAY_LENGTH) {
            throw new ValidationException(WHERE + ": " + vertexCount + " vertices x " + layout.totalFrames
                    + " frames need a " + layout.width + "x" + layout.height + " texture of " + textureBytes
                    + " bytes and " + exactFloats + " floats of poses, more than " + Checks.MAX_ARRAY_LENGTH
                    + "; bake fewer clips or frames at a time");
        }
        int v = (int) vertexCount;
        PoserOptions poserOptions = PoserOptions.DEFAULTS.withStreams(
                withNormals ? PoserOptions.Streams.POSITIONS_NORMALS : PoserOptions.Streams.POSITIONS);
        Set<String> warnings = new LinkedHashSet<>(layout.warnings);

        // 1. pose every frame through the one posing path
        float[] exact = new float[(int) exactFloats];
        float[] exactNormals = withNormals ? new float[(int) exactFloats] : null;
        float[] bind = null;
        List<Mesh> posedMeshes = new ArrayList<>();
        int g = 0;
        for (FrameLayout.ClipFrames cf : layout.clips) {
            CharacterPoser poser = CharacterPoser.bind(skeleton, partList, cf.clip(), poserOptions);
            warnings.addAll(poser.warnings());
            if (bind == null) {
                bind = new float[3 * v];
                int o3 = 0;
                for (int p = 0; p < poser.partCount(); p++) {
                    Mesh m = poser.posedMesh(p);
                    posedMeshes.add(m);
                    float[] src = ModelAccess.get().positions(m);
                    System.arraycopy(src, 0, bind, o3, src.length);
                    o3 += src.length;
                }
            }
            PosedVertices out = poser.newOutput();
            String stage = "baking " + cf.clip().name();
            for (int f = 0; f < cf.frames(); f++, g++) {
                progress.checkCancelled(WHERE);
                poser.poseInto(cf.time(f), out);
                out.positionsInto(exact, 3 * v * g);
                if (exactNormals != null) {
                    int o3 = 3 * v * g;
                    for (int p = 0; p < out.partCount(); p++) {
                        float[] n = out.normals(p);
                        System.arraycopy(n, 0, exactNormals, o3, n.length);
                        o3 += n.length;
                    }
                }
                progress.update(stage, f + 1, cf.frames());
            }
        }
        assert bind != null;

        // 2. what the position texels hold, and the bounds normalized values map to
        boolean offsets = o.positionMode() == PositionMode.OFFSET;
        float[] stored = exact;
        if (offsets) {
            stored = new float[exact.length];
            for (int frame = 0; frame < layout.totalFrames; frame++) {
                int base = 3 * v * frame;
                for (int i = 0; i < 3 * v; i++) {
                    stored[base + i] = exact[base + i] - bind[i];
                }
            }
        }
        Bounds bounds = Bounds.of(stored, 0, v * layout.totalFrames);
        if (e == VatEncoding.HALF) {
            float largest = Math.max(Math.max(Math.max(-bounds.minX(), bounds.maxX()),
                    Math.max(-bounds.minY(), bounds.maxY())), Math.max(-bounds.minZ(), bounds.maxZ()));
            if (largest >= HalfFloats.HALF_OVERFLOW_THRESHOLD) {
                throw new ValidationException(WHERE + ": a " + (offsets ? "position offset" : "position")
                        + " coordinate reaches " + largest + ", beyond the half-float range (largest finite "
                        + HalfFloats.MAX_HALF + "); use the float or a normalized encoding");
            }
        }

        // 3. encode each frame, decode it again with the shader's arithmetic and measure it; one pass,
        //    so the frame's texels are still in cache when they are decoded
        byte[] positionBytes = new byte[(int) textureBytes];
        byte[] normalBytes = withNormals ? new byte[(int) textureBytes] : null;
        int frameBytes = (int) (layout.texelsPerFrame() * e.bytesPerTexel());
        PositionCodec codec = new PositionCodec(e, bounds);
        float[] decoded = new float[3 * v];
        int[] oct = new int[2];
        float[] scratch = new float[3];
        float[] texel = new float[4];
        float[] normal = new float[3];
        double maxSquare = 0;
        double sumSquares = 0;
        double maxAngle = 0;
        boolean anyNormal = false;
        List<VatClip> table = new ArrayList<>();
        int maxValue = e.maxValue();
        g = 0;
        for (int c = 0; c < layout.clips.size(); c++) {
            FrameLayout.ClipFrames cf = layout.clips.get(c);
            String stage = "measuring " + cf.clip().name();
            double clipMaxSquare = 0;
            double clipSum = 0;
            float minX = Float.POSITIVE_INFINITY;
            float minY = Float.POSITIVE_INFINITY;
            float minZ = Float.POSITIVE_INFINITY;
            float maxX = Float.NEGATIVE_INFINITY;
            float maxY = Float.NEGATIVE_INFINITY;
            float maxZ = Float.NEGATIVE_INFINITY;
            for (int f = 0; f < cf.frames(); f++, g++) {
                progress.checkCancelled(WHERE);
                int base = 3 * v * g;
                codec.encodeFrame(stored, base, v, positionBytes, g * frameBytes, decoded);
                for (int i = 0; i < v; i++) {
                    int s = base + 3 * i;
                    float px = decoded[3 * i];
                    float py = decoded[3 * i + 1];
                    float pz = decoded[3 * i + 2];
                    if (offsets) {
                        px += bind[3 * i];
                        py += bind[3 * i + 1];
                        pz += bind[3 * i + 2];
                    }
                    float ex = exact[s];
                    float ey = exact[s + 1];
                    float ez = exact[s + 2];
                    double dx = (double) px - ex;
                    double dy = (double) py - ey;
                    double dz = (double) pz - ez;
                    double d2 = dx * dx + dy * dy + dz * dz;
                    clipSum += d2;
                    clipMaxSquare = d2 > clipMaxSquare ? d2 : clipMaxSquare;
                    // plain comparisons: no value is NaN, and Math.min's signed-zero rules cost here
                    float lo = px < ex ? px : ex;
                    float hi = px < ex ? ex : px;
                    minX = lo < minX ? lo : minX;
                    maxX = hi > maxX ? hi : maxX;
                    lo = py < ey ? py : ey;
                    hi = py < ey ? ey : py;
                    minY = lo < minY ? lo : minY;
                    maxY = hi > maxY ? hi : maxY;
                    lo = pz < ez ? pz : ez;
                    hi = pz < ez ? ez : pz;
                    minZ = lo < minZ ? lo : minZ;
                    maxZ = hi > maxZ ? hi : maxZ;
                }
                if (normalBytes != null) {
                    long t0 = g * layout.texelsPerFrame();
                    for (int i = 0; i < v; i++) {
                        int s = base + 3 * i;
                        float nx = exactNormals[s];
                        float ny = exactNormals[s + 1];
                        float nz = exactNormals[s + 2];
                        if (e.isNormalized()) {
                            Octahedral.encode(nx, ny, nz, maxValue, oct, scratch);
                            TexelCodec.putUnorms(normalBytes, t0 + i, e, oct[0], oct[1], 0, maxValue);
                        } else {
                            TexelCodec.putFloats(normalBytes, t0 + i, e, nx, ny, nz, 1f);
                        }
                        if (nx != 0 || ny != 0 || nz != 0) {
                            TexelCodec.fetch(normalBytes, t0 + i, e, texel, 0);
                            VatDecoder.decodeNormal(e, texel, normal, 0);
                            maxAngle = Math.max(maxAngle, angle(normal, nx, ny, nz));
                            anyNormal = true;
                        }
                    }
                }
                progress.update(stage, f + 1, cf.frames());
            }
            maxSquare = Math.max(maxSquare, clipMaxSquare);
            sumSquares += clipSum;
            Bounds clipBounds = new Bounds(minX, minY, minZ, maxX, maxY, maxZ);
            table.add(new VatClip(cf.clip().name(), cf.firstRow(), cf.frames(), cf.fps(), cf.clip().duration(),
                    loops(o.loopMode(), exact, layout.firstFrame(c), cf.frames(), v, clipBounds), clipBounds,
                    Math.sqrt(clipMaxSquare), Math.sqrt(clipSum / ((double) v * cf.frames()))));
        }
        double maxError = Math.sqrt(maxSquare);
        List<VatTexture> textures = new ArrayList<>();
        textures.add(new VatTexture("positions", layout.width, layout.height, e, positionBytes));
        Map<String, String> roles = new LinkedHashMap<>();
        roles.put("positions", "positions");
        if (normalBytes != null) {
            textures.add(new VatTexture("normals", layout.width, layout.height, e, normalBytes));
            roles.put("normals", "normals");
        }
        double rms = Math.sqrt(sumSquares / ((double) v * layout.totalFrames));
        double normalError = normalBytes == null ? Double.NaN
                : anyNormal ? Math.toDegrees(maxAngle) : 0;
        VatManifest manifest = new VatManifest(TextureKind.VERTEX, e, layout.width, layout.height,
                layout.rowsPerFrame, v, roles, offsets, bounds, table, maxError, rms, normalError);
        return new VatResult(manifest, textures, texelParts(partList, posedMeshes, layout.width),
                new ArrayList<>(warnings));
    }

    /** The angle in radians between two vectors, {@code atan2(|a x b|, a . b)}: accurate for small angles too. */
    static double angle(float[] a, float bx, float by, float bz) {
        double cx = a[1] * (double) bz - a[2] * (double) by;
        double cy = a[2] * (double) bx - a[0] * (double) bz;
        double cz = a[0] * (double) by - a[1] * (double) bx;
        double dot = a[0] * (double) bx + a[1] * (double) by + a[2] * (double) bz;
        return Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), dot);
    }

    static void grow(float[] box, float x, float y, float z) {
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.min(box[2], z);
        box[3] = Math.max(box[3], x);
        box[4] = Math.max(box[4], y);
        box[5] = Math.max(box[5], z);
    }

    /** Whether a clip loops: by the mode, or (DETECT) whether its last frame's positions match its first's. */
    static boolean loops(LoopMode mode, float[] exact, int firstFrame, int frames, int vertexCount, Bounds box) {
        if (mode != LoopMode.DETECT) {
            return mode == LoopMode.ALWAYS;
        }
        if (frames < 2) {
            return false;
        }
        double tolerance = Math.max(1e-6, VatClip.LOOP_TOLERANCE * (double) box.diagonal());
        int a = 3 * vertexCount * firstFrame;
        int b = 3 * vertexCount * (firstFrame + frames - 1);
        for (int i = 0; i < vertexCount; i++) {
            double dx = (double) exact[a + 3 * i] - exact[b + 3 * i];
            double dy = (double) exact[a + 3 * i + 1] - exact[b + 3 * i + 1];
            double dz = (double) exact[a + 3 * i + 2] - exact[b + 3 * i + 2];
            if (dx * dx + dy * dy + dz * dz > tolerance * tolerance) {
                return false;
            }
        }
        return true;
    }

    /** The posed meshes with their texel coordinates as the extra attribute, as parts in model space. */
    private static List<Part> texelParts(List<Part> parts, List<Mesh> posedMeshes, int width) {
        List<Part> out = new ArrayList<>();
        int first = 0;
        for (int p = 0; p < parts.size(); p++) {
            Mesh m = posedMeshes.get(p);
            int n = m.vertexCount();
            float[] texels = new float[2 * n];
            for (int i = 0; i < n; i++) {
                int element = first + i;
                texels[2 * i] = element % width;
                texels[2 * i + 1] = element / width;
            }
            Mesh.Builder b = m.toBuilder().clearAttributes();
            for (VertexAttribute a : m.attributes()) {
                if (!a.name().equals(Vat.TEXEL_ATTRIBUTE)) {
                    b.addAttribute(a);
                }
            }
            b.addAttribute(Vat.TEXEL_ATTRIBUTE, 2, texels);
            out.add(Part.of(parts.get(p).name(), b.build()));
            first += n;
        }
        return out;
    }
}
