package io.github.skinmesh.vat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.HalfFloats;
import io.github.skinmesh.core.skinning.PackingOptions;
import io.github.skinmesh.core.skinning.PalettePacking;
import io.github.skinmesh.core.weights.NormalizeOptions;
import io.github.skinmesh.core.weights.Weights;
import io.github.skinmesh.core.weights.ZeroWeightPolicy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Bakes bone-matrix animation textures: per frame, {@link CharacterPoser} evaluates the pose and
 * poses the parts; the palette's skin matrices are packed with {@link PalettePacking} (3 texels
 * per bone); then the frame is decoded as {@link VatDecoder} (and the shaders) do and the parts are
 * skinned from it and measured against the poser's exact positions, frame by frame, so nothing
 * but the texture grows with the clip length.
 */
final class BoneBaker {
    private static final String WHERE = "bakeBoneTexture";
    /** A vertex without weight follows palette entry 0, as the poser does. */
    private static final NormalizeOptions FOLLOW_ENTRY_0 =
            NormalizeOptions.DEFAULTS.withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY).withFallbackEntry(0);

    private BoneBaker() {
    }

    static VatResult bake(Skeleton skeleton, List<Part> parts, List<AnimationClip> clips, BoneTextureOptions o,
            Progress progress) {
        Objects.requireNonNull(skeleton, "skeleton");
        Objects.requireNonNull(o, "options");
        Objects.requireNonNull(progress, "progress");
        List<Part> partList = List.copyOf(parts);
        List<AnimationClip> clipList = List.copyOf(clips);
        if (partList.isEmpty()) {
            throw new ValidationException(WHERE + ": no parts, expected at least one skinned part");
        }
        Set<String> warnings = new LinkedHashSet<>();
        Skin palette = sharedPalette(partList, warnings);
        int boneCount = palette.paletteSize();
        SpaceTransform space = SpaceTransform.bind(WHERE, o.space(), skeleton, partList);
        requireOneReference(o.space(), partList);
        FrameLayout layout = FrameLayout.plan(WHERE, 3L * boneCount, 3, clipList, o.sampling());
        warnings.addAll(layout.warnings);
        VatEncoding e = o.encoding();
        long textureBytes = (long) layout.width * layout.height * e.bytesPerTexel();
        if (textureBytes > Checks.MAX_ARRAY_LENGTH) {
            throw new ValidationException(WHERE + ": a " + layout.width + "x" + layout.height + " texture of "
                    + textureBytes + " bytes is larger than " + Checks.MAX_ARRAY_LENGTH + "; bake fewer clips");
        }
        List<VatTexture> textures = new ArrayList<>();
        byte[][] pageBytes = new byte[layout.pageCount][];
        List<Map<String, String>> roles = new ArrayList<>();
        for (int p = 0; p < layout.pageCount; p++) {
            pageBytes[p] = new byte[(int) textureBytes];
            textures.add(new VatTexture("bones", p, layout.width, layout.height, e, pageBytes[p]));
            roles.add(Map.of("bones", "bones"));
        }
        List<VatClip> provisional = new ArrayList<>();
        for (FrameLayout.ClipFrames cf : layout.clips) {
            provisional.add(new VatClip(cf.clip().name(), cf.page(), cf.firstRow(), cf.frames(), cf.fps(),
                    cf.clip().duration(), false, Bounds.EMPTY, 0, 0));
        }
        Bounds none = new Bounds(0, 0, 0, 0, 0, 0);
        VatDecoder decoder = VatDecoder.of(new VatManifest(TextureKind.BONES, e, layout.width, layout.height,
                layout.rowsPerFrame, boneCount, roles, false, none, provisional, 0, 0, Double.NaN, Double.NaN),
                textures);

        // the weights the GPU gets: normalized as the poser does, then quantized when asked
        List<BoneWeights> gpuWeights = new ArrayList<>();
        for (Part p : partList) {
            BoneWeights w = Weights.normalize(p.mesh().skin().weights(), FOLLOW_ENTRY_0).weights();
            if (o.weights() == WeightFormat.UNORM8) {
                w = Weights.quantize(w).weights();
            }
            gpuWeights.add(w);
        }

        float[] matrices = new float[16 * boneCount];
        float[] floatRows = new float[12 * boneCount];
        short[] halfRows = new short[12 * boneCount];
        float[] decodedRows = new float[12 * boneCount];
        float[] skinned = new float[3];
        float[] box = newBox();
        double maxError = 0;
        double sumSquares = 0;
        long samples = 0;
        List<Mesh> posedMeshes = new ArrayList<>();
        List<VatClip> table = new ArrayList<>();
        for (int c = 0; c < layout.clips.size(); c++) {
            FrameLayout.ClipFrames cf = layout.clips.get(c);
            CharacterPoser poser = CharacterPoser.bind(skeleton, partList, cf.clip(), PoserOptions.DEFAULTS);
            warnings.addAll(poser.warnings());
            if (posedMeshes.isEmpty()) {
                for (int p = 0; p < poser.partCount(); p++) {
                    posedMeshes.add(poser.posedMesh(p));
                }
            }
            PosedVertices out = poser.newOutput();
            float[] firstFrame = new float[3 * (int) out.vertexCount()];
            float[] clipBox = newBox();
            double clipMax = 0;
            double clipSum = 0;
            boolean loop = o.loopMode() == LoopMode.ALWAYS || o.loopMode() == LoopMode.DETECT && cf.frames() > 1;
            double loopGap = 0;
            String stage = "baking " + cf.clip().name();
            for (int f = 0; f < cf.frames(); f++) {
                progress.checkCancelled(WHERE);
                poser.poseInto(cf.time(f), out);
                poser.skinMatricesInto(0, matrices, 0);
                if (space != null) {
                    space.update(poser, cf.clip().name(), f);
                    space.apply(out, cf.clip().name(), f);
                    space.premultiply(matrices, boneCount);
                }
                byte[] bytes = pageBytes[cf.page()];
                long texel = (cf.firstRow() + (long) f * layout.rowsPerFrame) * layout.width;
                if (e == VatEncoding.FLOAT) {
                    PalettePacking.packFloat3x4Into(matrices, 0, boneCount, floatRows, 0);
                    for (int i = 0; i < 3 * boneCount; i++) {
                        TexelCodec.putFloats(bytes, texel + i, e, floatRows[4 * i], floatRows[4 * i + 1],
                                floatRows[4 * i + 2], floatRows[4 * i + 3]);
                    }
                } else {
                    PalettePacking.packHalf3x4Into(matrices, 0, boneCount, halfRows, 0, PackingOptions.DEFAULTS);
                    for (int i = 0; i < 12 * boneCount; i++) {
                        if ((halfRows[i] & 0x7c00) == 0x7c00) {
                            int bone = i / 12;
                            throw new ValidationException(WHERE + ": clip " + Checks.quote(cf.clip().name())
                                    + ", frame " + f + ": skin matrix of palette entry " + bone + " (bone "
                                    + Checks.quote(palette.boneName(bone)) + ") has the value "
                                    + matrices[16 * bone + 4 * (i % 4) + (i % 12) / 4]
                                    + ", beyond the half-float range (largest finite " + HalfFloats.MAX_HALF
                                    + "); use the float encoding");
                        }
                    }
                    int o2 = (int) (texel * e.bytesPerTexel());
                    for (int i = 0; i < 12 * boneCount; i++) {
                        TexelCodec.putShort(bytes, o2 + 2 * i, halfRows[i]);
                    }
                }
                decoder.paletteInto(c, f, decodedRows);
                int vertexBase = 0;
                for (int p = 0; p < out.partCount(); p++) {
                    float[] exact = out.positions(p);
                    float[] bind = ModelAccess.get().positions(posedMeshes.get(p));
                    BoneWeights w = gpuWeights.get(p);
                    int k = w.influencesPerVertex();
                    int[] joints = ModelAccess.get().joints(w);
                    float[] weights = ModelAccess.get().weights(w);
                    int n = out.vertexCount(p);
                    for (int i = 0; i < n; i++) {
                        VatDecoder.skin(decodedRows, joints, bind[3 * i], bind[3 * i + 1], bind[3 * i + 2], weights,
                                k * i, k, skinned, 0);
                        double dx = (double) skinned[0] - exact[3 * i];
                        double dy = (double) skinned[1] - exact[3 * i + 1];
                        double dz = (double) skinned[2] - exact[3 * i + 2];
                        double d2 = dx * dx + dy * dy + dz * dz;
                        clipSum += d2;
                        clipMax = Math.max(clipMax, Math.sqrt(d2));
                        VertexBaker.grow(clipBox, skinned[0], skinned[1], skinned[2]);
                        VertexBaker.grow(clipBox, exact[3 * i], exact[3 * i + 1], exact[3 * i + 2]);
                    }
                    if (f == 0) {
                        System.arraycopy(exact, 0, firstFrame, 3 * vertexBase, exact.length);
                    } else if (f == cf.frames() - 1) {
                        for (int i = 0; i < exact.length; i += 3) {
                            double dx = (double) exact[i] - firstFrame[3 * vertexBase + i];
                            double dy = (double) exact[i + 1] - firstFrame[3 * vertexBase + i + 1];
                            double dz = (double) exact[i + 2] - firstFrame[3 * vertexBase + i + 2];
                            loopGap = Math.max(loopGap, Math.sqrt(dx * dx + dy * dy + dz * dz));
                        }
                    }
                    vertexBase += n;
                }
                samples += vertexBase;
                progress.update(stage, f + 1, cf.frames());
            }
            Bounds clipBounds = toBounds(clipBox);
            if (o.loopMode() == LoopMode.DETECT && loop) {
                loop = loopGap <= Math.max(1e-6, VatClip.LOOP_TOLERANCE * (double) clipBounds.diagonal());
            }
            for (int i = 0; i < 3; i++) {
                box[i] = Math.min(box[i], clipBox[i]);
                box[i + 3] = Math.max(box[i + 3], clipBox[i + 3]);
            }
            maxError = Math.max(maxError, clipMax);
            sumSquares += clipSum;
            long clipSamples = out.vertexCount() * cf.frames();
            table.add(new VatClip(cf.clip().name(), cf.page(), cf.firstRow(), cf.frames(), cf.fps(),
                    cf.clip().duration(), loop, clipBounds, clipMax,
                    clipSamples == 0 ? 0 : Math.sqrt(clipSum / clipSamples)));
        }
        double rms = samples == 0 ? 0 : Math.sqrt(sumSquares / samples);
        VatManifest manifest = new VatManifest(TextureKind.BONES, e, layout.width, layout.height, layout.rowsPerFrame,
                boneCount, roles, false, samples == 0 ? none : toBounds(box), table, maxError, rms, Double.NaN,
                Double.NaN);
        List<Part> outParts = new ArrayList<>();
        for (int p = 0; p < partList.size(); p++) {
            Mesh m = posedMeshes.get(p);
            outParts.add(Part.of(partList.get(p).name(),
                    m.toBuilder().skin(m.skin().withWeights(gpuWeights.get(p))).build()));
        }
        return new VatResult(manifest, textures, outParts, new ArrayList<>(warnings));
    }

    /** Refuses a space whose parts have different references: a bone texture has one palette, so one space. */
    private static void requireOneReference(BakeSpace space, List<Part> parts) {
        for (int r = 1; r < space.partCount(); r++) {
            if (!space.sameReference(0, r)) {
                throw new ValidationException(WHERE + ": part " + Checks.quote(parts.get(r).name()) + " has another "
                        + "space than part " + Checks.quote(parts.get(0).name()) + " (another reference bone or matrix);"
                        + " one bone texture has one space, so bake in the character's space or combine the parts "
                        + "first");
            }
        }
    }

    /** The one palette every part uses: the same bone names and inverse bind matrices. */
    private static Skin sharedPalette(List<Part> parts, Set<String> warnings) {
        Skin first = null;
        Part firstPart = null;
        for (Part p : parts) {
            Skin s = p.mesh().skin();
            if (s == null) {
                throw new ValidationException(WHERE + ": part " + Checks.quote(p.name()) + " is not skinned, expected"
                        + " skinned parts (a bone texture replaces a skin's palette; combine rigid parts first)");
            }
            if (!p.mesh().morphTargets().isEmpty()) {
                warnings.add("part " + Checks.quote(p.name()) + " has " + p.mesh().morphTargets().size()
                        + " morph targets, which a bone texture does not carry; the error report includes their effect");
            }
            if (first == null) {
                first = s;
                firstPart = p;
                continue;
            }
            String[] a = ModelAccess.get().paletteNames(first);
            String[] b = ModelAccess.get().paletteNames(s);
            float[] ia = ModelAccess.get().inverseBindMatrices(first);
            float[] ib = ModelAccess.get().inverseBindMatrices(s);
            String difference = null;
            if (a.length != b.length) {
                difference = b.length + " palette entries where part " + Checks.quote(firstPart.name()) + " has "
                        + a.length;
            } else {
                for (int i = 0; i < a.length && difference == null; i++) {
                    if (!a[i].equals(b[i])) {
                        difference = "palette entry " + i + " is bone " + Checks.quote(b[i]) + " where part "
                                + Checks.quote(firstPart.name()) + " has " + Checks.quote(a[i]);
                    } else if (!Arrays.equals(ia, 16 * i, 16 * i + 16, ib, 16 * i, 16 * i + 16)) {
                        difference = "palette entry " + i + " (bone " + Checks.quote(a[i])
                                + ") has another inverse bind matrix than in part " + Checks.quote(firstPart.name());
                    }
                }
            }
            if (difference != null) {
                throw new ValidationException(WHERE + ": part " + Checks.quote(p.name()) + ": " + difference
                        + "; one bone texture needs one palette (same bones and inverse bind matrices), combine the"
                        + " parts first");
            }
        }
        return first;
    }

    private static float[] newBox() {
        return new float[] {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
    }

    private static Bounds toBounds(float[] b) {
        return new Bounds(b[0], b[1], b[2], b[3], b[4], b[5]);
    }
}
