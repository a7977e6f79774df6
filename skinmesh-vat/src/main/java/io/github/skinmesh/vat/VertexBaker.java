package io.github.skinmesh.vat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.HalfRounding;
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
import org.jspecify.annotations.Nullable;

/**
 * Bakes vertex animation textures: poses every frame through {@link CharacterPoser}, encodes the
 * positions (and normals and tangents), decodes them again exactly as {@link VatDecoder} (and the
 * shaders) do, and measures the decoded positions against the exact poses.
 *
 * <p>Float and half textures are baked in one pass: each frame is posed, then encoded and
 * measured ({@link PositionCodec#encodeMeasure}) straight from the poser's buffers while they are
 * in cache; only a clip's first and last frames are copied, for loop detection. With absolute
 * positions their bounds are the measured clips' boxes of exact positions, so no frame is scanned
 * for them again. The normalized encodings need the bounds over all frames before the first
 * position texel is written, so they keep the exact positions of every frame (12 bytes per
 * vertex-frame) from the posing pass to the encoding pass, copied and boxed in one scan (with the
 * vector kernel, {@link PositionKernel}, a bulk copy and the kernel's box); posing twice instead
 * would double the dominant cost. Normals and tangents do not depend on the bounds and are encoded while posing.
 * Into each page's textures every frame is written where it belongs, once; the arrays are
 * allocated once per bake.
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
        SpaceTransform space = SpaceTransform.bind(WHERE, o.space(), skeleton, partList);
        VatEncoding e = o.encoding();
        VatStreams streams = o.streams();
        // the normalized encodings keep every frame's exact positions until the bounds are known
        boolean keepFrames = e.isNormalized();
        long textureBytes = (long) layout.width * layout.height * e.bytesPerTexel();
        long exactFloats = 3 * vertexCount * (keepFrames ? layout.totalFrames : 1);
        if (textureBytes > Checks.MAX_ARRAY_LENGTH || exactFloats > Checks.MAX_ARRAY_LENGTH) {
            throw new ValidationException(WHERE + ": " + vertexCount + " vertices x " + layout.totalFrames
                    + " frames need a " + layout.width + "x" + layout.height + " texture of " + textureBytes
                    + " bytes" + (keepFrames ? " and " + exactFloats + " floats of poses" : "") + ", more than "
                    + Checks.MAX_ARRAY_LENGTH + "; bake fewer clips or frames at a time");
        }
        int v = (int) vertexCount;
        PoserOptions poserOptions = PoserOptions.BAKE.withStreams(streams.tangents()
                ? PoserOptions.Streams.POSITIONS_NORMALS_TANGENTS
                : streams.normals() ? PoserOptions.Streams.POSITIONS_NORMALS : PoserOptions.Streams.POSITIONS);
        Set<String> warnings = new LinkedHashSet<>(layout.warnings);
        boolean offsets = o.positionMode() == PositionMode.OFFSET;
        int pageCount = layout.pageCount;
        byte[][] positionPages = new byte[pageCount][(int) textureBytes];
        byte[][] normalPages = streams.normals() ? new byte[pageCount][(int) textureBytes] : null;
        byte[][] tangentPages = streams.tangents() ? new byte[pageCount][(int) textureBytes] : null;
        DirectionCodec normalCodec = new DirectionCodec(e);
        DirectionCodec tangentCodec = new DirectionCodec(e);
        int bytesPerTexel = e.bytesPerTexel();

        float[] exact = new float[(int) exactFloats];
        float[] clipFirst = keepFrames ? null : new float[3 * v];
        float[] bind = null;
        float[] storedBox = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        int[] zeroSigns = new int[3];
        // absolute normalized positions: each clip's box of the exact positions, grown while posing and
        // handed to the second pass's measure, which then need not box the same positions again
        boolean clipBoxes = keepFrames && !offsets;
        float[][] clipBox = new float[layout.clips.size()][];
        // float and half encode without bounds: their codec is ready before the first frame
        PositionCodec codec = keepFrames ? null : new PositionCodec(e, Bounds.EMPTY);
        ClipMeasure measure = new ClipMeasure();
        double maxSquare = 0;
        double sumSquares = 0;
        List<VatClip> table = new ArrayList<>();
        List<Mesh> posedMeshes = new ArrayList<>();

        // 1. pose every frame through the one posing path; encode what needs no bounds
        int g = 0;
        for (int c = 0; c < layout.clips.size(); c++) {
            FrameLayout.ClipFrames cf = layout.clips.get(c);
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
            float[] offsetBase = offsets ? bind : null;
            PosedVertices out = poser.newOutput();
            String stage = "baking " + cf.clip().name();
            measure.reset();
            float[] grown = storedBox;
            if (clipBoxes) {
                grown = new float[] {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                    Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
                clipBox[c] = grown;
            }
            for (int f = 0; f < cf.frames(); f++, g++) {
                progress.checkCancelled(WHERE);
                poser.poseInto(cf.time(f), out);
                if (space != null) {
                    space.update(poser, cf.clip().name(), f);
                    space.apply(out, cf.clip().name(), f);
                }
                long firstTexel = frameTexel(layout, cf, f);
                if (normalPages != null) {
                    long t = firstTexel;
                    for (int p = 0; p < out.partCount(); p++) {
                        normalCodec.encode(out.normals(p), 3, out.vertexCount(p), normalPages[cf.page()], t);
                        if (tangentPages != null) {
                            tangentCodec.encode(out.tangents(p), 4, out.vertexCount(p), tangentPages[cf.page()], t);
                        }
                        t += out.vertexCount(p);
                    }
                }
                // straight from the poser's buffers, part after part (vertex order is kept)
                int o3 = 0;
                for (int p = 0; p < out.partCount(); p++) {
                    float[] posed = out.positions(p);
                    int n = out.vertexCount(p);
                    if (codec == null) {
                        growStored(PositionKernels.VECTOR, grown, zeroSigns, posed, offsetBase, o3, n, exact,
                                3 * v * g + o3);
                    } else {
                        if (offsets) {
                            growStored(storedBox, zeroSigns, posed, 0, offsetBase, o3, n, null, 0);
                        }
                        codec.encodeMeasure(posed, 0, offsetBase, o3, n, positionPages[cf.page()],
                                Math.toIntExact((firstTexel + o3 / 3) * bytesPerTexel), measure);
                    }
                    o3 += 3 * n;
                }
                if (codec != null && f == 0 && cf.frames() > 1) {
                    out.positionsInto(clipFirst, 0);
                }
                if (codec != null && f == cf.frames() - 1) {
                    out.positionsInto(exact, 0);
                }
                progress.update(stage, f + 1, cf.frames());
            }
            if (clipBoxes) {
                for (int k = 0; k < 3; k++) {
                    storedBox[k] = grown[k] < storedBox[k] ? grown[k] : storedBox[k];
                    storedBox[k + 3] = grown[k + 3] > storedBox[k + 3] ? grown[k + 3] : storedBox[k + 3];
                }
            }
            if (codec != null) {
                VatClip entry = clipEntry(cf, measure, o.loopMode(), clipFirst, 0, exact, 0, v);
                table.add(entry);
                maxSquare = Math.max(maxSquare, measure.maxSquare());
                sumSquares += measure.sumSquares();
                if (!offsets) {
                    // absolute positions: the stored values are the exact ones the measure boxed
                    growStored(storedBox, measure);
                }
            }
        }
        if (codec != null && !offsets) {
            for (int c = 0; c < 3; c++) {
                zeroSigns[c] |= measure.exactZeroSigns[c];
            }
        }
        assert bind != null;

        // 2. the bounds normalized values map to (those of the stored positions or offsets)
        Bounds bounds = storedBounds(storedBox, zeroSigns);
        if (e == VatEncoding.HALF) {
            float largest = Math.max(Math.max(Math.max(-bounds.minX(), bounds.maxX()),
                    Math.max(-bounds.minY(), bounds.maxY())), Math.max(-bounds.minZ(), bounds.maxZ()));
            if (largest >= HalfFloats.HALF_OVERFLOW_THRESHOLD) {
                throw new ValidationException(WHERE + ": a " + (offsets ? "position offset" : "position")
                        + " coordinate reaches " + largest + ", beyond the half-float range (largest finite "
                        + HalfFloats.MAX_HALF + "); use the float or a normalized encoding");
            }
            if (bounds.minX() <= bounds.maxX()) {
                // the stored values are the halves, and rounding is monotone: their box is the exact box rounded
                bounds = new Bounds(HalfRounding.widened(bounds.minX()), HalfRounding.widened(bounds.minY()),
                        HalfRounding.widened(bounds.minZ()), HalfRounding.widened(bounds.maxX()),
                        HalfRounding.widened(bounds.maxY()), HalfRounding.widened(bounds.maxZ()));
            }
        }

        // 3. normalized encodings: encode each frame, decode it again with the shader's arithmetic and
        //    measure it, in one pass so that the frame's texels are still in cache when they are decoded
        if (codec == null) {
            codec = new PositionCodec(e, bounds);
            float[] offsetBase = offsets ? bind : null;
            g = 0;
            for (int c = 0; c < layout.clips.size(); c++) {
                FrameLayout.ClipFrames cf = layout.clips.get(c);
                String stage = "measuring " + cf.clip().name();
                measure.reset();
                if (clipBoxes) {
                    measure.presetExactBox(clipBox[c]);
                }
                for (int f = 0; f < cf.frames(); f++, g++) {
                    progress.checkCancelled(WHERE);
                    int base = 3 * v * g;
                    long firstTexel = frameTexel(layout, cf, f);
                    codec.encodeMeasure(exact, base, offsetBase, 0, v, positionPages[cf.page()],
                            Math.toIntExact(firstTexel * bytesPerTexel), measure);
                    progress.update(stage, f + 1, cf.frames());
                }
                int first = 3 * v * layout.firstFrame(c);
                table.add(clipEntry(cf, measure, o.loopMode(), exact, first, exact,
                        first + 3 * v * (cf.frames() - 1), v));
                maxSquare = Math.max(maxSquare, measure.maxSquare());
                sumSquares += measure.sumSquares();
            }
        }

        double maxError = Math.sqrt(maxSquare);
        double rms = Math.sqrt(sumSquares / ((double) v * layout.totalFrames));
        List<VatTexture> textures = new ArrayList<>();
        Map<String, String> roles = new LinkedHashMap<>();
        roles.put("positions", "positions");
        if (normalPages != null) {
            roles.put("normals", "normals");
        }
        if (tangentPages != null) {
            roles.put("tangents", "tangents");
        }
        List<Map<String, String>> pages = new ArrayList<>();
        for (int p = 0; p < pageCount; p++) {
            textures.add(new VatTexture("positions", p, layout.width, layout.height, e, positionPages[p]));
            if (normalPages != null) {
                textures.add(new VatTexture("normals", p, layout.width, layout.height, e, normalPages[p]));
            }
            if (tangentPages != null) {
                textures.add(new VatTexture("tangents", p, layout.width, layout.height, e, tangentPages[p]));
            }
            pages.add(roles);
        }
        double normalError = normalPages == null ? Double.NaN : normalCodec.maxErrorDegrees();
        double tangentError = tangentPages == null ? Double.NaN : tangentCodec.maxErrorDegrees();
        VatManifest manifest = new VatManifest(TextureKind.VERTEX, e, layout.width, layout.height,
                layout.rowsPerFrame, v, pages, offsets, bounds, table, maxError, rms, normalError, tangentError);
        return new VatResult(manifest, textures, texelParts(partList, posedMeshes, layout.width),
                new ArrayList<>(warnings));
    }

    /** The first texel of frame {@code f} of a clip on its page: {@code (firstRow + f*rowsPerFrame) * width}. */
    private static long frameTexel(FrameLayout layout, FrameLayout.ClipFrames cf, int f) {
        return (cf.firstRow() + (long) f * layout.rowsPerFrame) * layout.width;
    }

    /**
     * Grows the box of the stored values of {@code count} vertices ({@code src[from..from+3*count)},
     * minus {@code bind[bindFrom..]} when given) as {@link Bounds#of} would, with its
     * {@link Math#min}/{@link Math#max} semantics ({@code -0} below {@code +0}): plain comparisons,
     * which predict well, and a rarely taken branch that records which signs of zero occur
     * ({@code zeroSigns[c]}: bit 0 for {@code +0}, bit 1 for {@code -0}), applied by
     * {@link #storedBounds}. With {@code copy}, also copies the source positions to
     * {@code copy[copyFrom..]} in the same pass.
     */
    static void growStored(float[] box, int[] zeroSigns, float[] src, int from, float @Nullable [] bind, int bindFrom,
            int count, float @Nullable [] copy, int copyFrom) {
        float minX = box[0];
        float minY = box[1];
        float minZ = box[2];
        float maxX = box[3];
        float maxY = box[4];
        float maxZ = box[5];
        for (int i = 0; i < 3 * count; i += 3) {
            float x = src[from + i];
            float y = src[from + i + 1];
            float z = src[from + i + 2];
            if (copy != null) {
                copy[copyFrom + i] = x;
                copy[copyFrom + i + 1] = y;
                copy[copyFrom + i + 2] = z;
            }
            if (bind != null) {
                x -= bind[bindFrom + i];
                y -= bind[bindFrom + i + 1];
                z -= bind[bindFrom + i + 2];
            }
            minX = x < minX ? x : minX;
            maxX = x > maxX ? x : maxX;
            minY = y < minY ? y : minY;
            maxY = y > maxY ? y : maxY;
            minZ = z < minZ ? z : minZ;
            maxZ = z > maxZ ? z : maxZ;
            if (x == 0 | y == 0 | z == 0) {
                zeroSigns[0] |= zeroSign(x);
                zeroSigns[1] |= zeroSign(y);
                zeroSigns[2] |= zeroSign(z);
            }
        }
        box[0] = minX;
        box[1] = minY;
        box[2] = minZ;
        box[3] = maxX;
        box[4] = maxY;
        box[5] = maxZ;
    }

    /**
     * {@link #growStored(float[], int[], float[], int, float[], int, int, float[], int)} of a part's
     * posed positions {@code src[0..3*count)} with the copy: for absolute positions with a kernel,
     * the copy is {@link System#arraycopy}, the box the kernel's ({@link PositionKernel#box}) and,
     * where it saw a zero, a scan for the signs of the zeros; the same box and records.
     */
    static void growStored(@Nullable PositionKernel kernel, float[] box, int[] zeroSigns, float[] src,
            float @Nullable [] bind, int bindFrom, int count, float[] copy, int copyFrom) {
        if (kernel == null || bind != null) {
            growStored(box, zeroSigns, src, 0, bind, bindFrom, count, copy, copyFrom);
            return;
        }
        System.arraycopy(src, 0, copy, copyFrom, 3 * count);
        if (kernel.box(src, 0, 3 * count, box)) {
            // the zeros' signs: the scalar pass again, whose box grows by values it already holds
            growStored(box, zeroSigns, src, 0, null, 0, count, null, 0);
        }
    }

    /**
     * Grows the stored box by a measured clip's box of exact positions (absolute positions: the
     * stored values are the exact ones); the signs of their zeros are in
     * {@link ClipMeasure#exactZeroSigns}.
     */
    static void growStored(float[] box, ClipMeasure m) {
        for (int c = 0; c < 3; c++) {
            box[c] = m.exactBox[c] < box[c] ? m.exactBox[c] : box[c];
            box[c + 3] = m.exactBox[c + 3] > box[c + 3] ? m.exactBox[c + 3] : box[c + 3];
        }
    }

    static int zeroSign(float v) {
        return v != 0 ? 0 : Float.floatToRawIntBits(v) == 0 ? 1 : 2;
    }

    /** The box {@link #growStored} grew: a zero bound is {@code -0} where a min saw one, {@code +0} where a max did. */
    static Bounds storedBounds(float[] box, int[] zeroSigns) {
        float[] b = box.clone();
        for (int c = 0; c < 3; c++) {
            if (b[c] == 0) {
                b[c] = (zeroSigns[c] & 2) != 0 ? -0f : 0f;
            }
            if (b[c + 3] == 0) {
                b[c + 3] = (zeroSigns[c] & 1) != 0 ? 0f : -0f;
            }
        }
        return new Bounds(b[0], b[1], b[2], b[3], b[4], b[5]);
    }

    /** The clip table entry of a measured clip; its first and last frames' exact positions decide a detected loop. */
    private static VatClip clipEntry(FrameLayout.ClipFrames cf, ClipMeasure m, LoopMode mode, float[] first,
            int firstFrom, float[] last, int lastFrom, int v) {
        Bounds clipBounds = m.bounds();
        boolean loop = loops(mode, first, firstFrom, last, lastFrom, cf.frames(), v, clipBounds);
        return new VatClip(cf.clip().name(), cf.page(), cf.firstRow(), cf.frames(), cf.fps(), cf.clip().duration(),
                loop, clipBounds, Math.sqrt(m.maxSquare()), Math.sqrt(m.sumSquares() / ((double) v * cf.frames())));
    }

    static void grow(float[] box, float x, float y, float z) {
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.min(box[2], z);
        box[3] = Math.max(box[3], x);
        box[4] = Math.max(box[4], y);
        box[5] = Math.max(box[5], z);
    }

    /**
     * Whether a clip loops: by the mode, or (DETECT) whether its last frame's positions
     * ({@code last[lastFrom..]}) match its first's ({@code first[firstFrom..]}).
     */
    static boolean loops(LoopMode mode, float @Nullable [] first, int firstFrom, float[] last, int lastFrom,
            int frames, int vertexCount, Bounds box) {
        if (mode != LoopMode.DETECT) {
            return mode == LoopMode.ALWAYS;
        }
        if (frames < 2) {
            return false;
        }
        assert first != null;
        double tolerance = Math.max(1e-6, VatClip.LOOP_TOLERANCE * (double) box.diagonal());
        for (int i = 0; i < vertexCount; i++) {
            double dx = (double) first[firstFrom + 3 * i] - last[lastFrom + 3 * i];
            double dy = (double) first[firstFrom + 3 * i + 1] - last[lastFrom + 3 * i + 1];
            double dz = (double) first[firstFrom + 3 * i + 2] - last[lastFrom + 3 * i + 2];
            if (dx * dx + dy * dy + dz * dz > tolerance * tolerance) {
                return false;
            }
        }
        return true;
    }

    /**
     * The posed meshes with their texel coordinates as the extra attribute (replacing one of that
     * name, appended after the others), as parts in model space. Measured on the humanoid (6 parts,
     * 9,555 vertices, JDK 17, thread CPU time, mean of 2,000 calls): 100-120 us through
     * {@code toBuilder().addAttribute(...).build()}, which validated every stream, index and draw of
     * the posed meshes again and divided twice per vertex; 11-13 us with {@link Mesh#withAttribute}
     * and the coordinates counted.
     */
    private static List<Part> texelParts(List<Part> parts, List<Mesh> posedMeshes, int width) {
        List<Part> out = new ArrayList<>();
        int first = 0;
        for (int p = 0; p < parts.size(); p++) {
            Mesh m = posedMeshes.get(p);
            int n = m.vertexCount();
            float[] texels = new float[2 * n];
            // element first + i is at column (first + i) % width of row (first + i) / width, counted without dividing
            int column = first % width;
            int row = first / width;
            for (int i = 0; i < n; i++) {
                texels[2 * i] = column;
                texels[2 * i + 1] = row;
                if (++column == width) {
                    column = 0;
                    row++;
                }
            }
            // integers below the texture size (2^14) as floats, exact and finite by construction: adopted
            // without the finite scan; the posed mesh's streams were validated when it was built and are
            // kept as they are
            VertexAttribute texel = ModelAccess.get().trustedAttribute(Vat.TEXEL_ATTRIBUTE, 2, texels);
            out.add(Part.of(parts.get(p).name(), m.withAttribute(texel)));
            first += n;
        }
        return out;
    }
}
