package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.internal.Angles;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class VatVertexBakeTest {
    /** Slack for comparing a recomputed error with the reported one (both are sums of the same doubles). */
    private static final double ERROR_SLACK = 1e-12;
    /** One millimetre in metres. */
    private static final double MILLIMETRE = 1e-3;

    @TempDir
    Path dir;

    static Stream<Arguments> encodingsAndModes() {
        List<Arguments> out = new ArrayList<>();
        for (VatEncoding e : VatEncoding.values()) {
            for (PositionMode m : PositionMode.values()) {
                out.add(Arguments.of(e, m));
            }
        }
        return out.stream();
    }

    /** Exact poses of every frame, straight from the poser (the reference), per clip and frame. */
    private static float[][][] exactFrames(Character c, List<VatClip> table, List<AnimationClip> clips, boolean normals) {
        float[][][] out = new float[table.size()][][];
        PoserOptions options = PoserOptions.BAKE.withStreams(
                normals ? PoserOptions.Streams.POSITIONS_NORMALS : PoserOptions.Streams.POSITIONS);
        for (int ci = 0; ci < table.size(); ci++) {
            VatClip entry = table.get(ci);
            CharacterPoser poser = CharacterPoser.bind(c, clips.get(ci), options);
            PosedVertices pv = poser.newOutput();
            out[ci] = new float[entry.frames()][];
            for (int f = 0; f < entry.frames(); f++) {
                float t = f == entry.frames() - 1 ? entry.duration() : Math.min(f / entry.fps(), entry.duration());
                poser.poseInto(t, pv);
                float[] frame = pv.positionsInto(new float[(int) (3 * pv.vertexCount())], 0);
                if (normals) {
                    float[] both = new float[2 * frame.length];
                    System.arraycopy(frame, 0, both, 0, frame.length);
                    int o = frame.length;
                    for (int p = 0; p < pv.partCount(); p++) {
                        float[] n = pv.normals(p);
                        System.arraycopy(n, 0, both, o, n.length);
                        o += n.length;
                    }
                    frame = both;
                }
                out[ci][f] = frame;
            }
        }
        return out;
    }

    private static float[] bindPositions(VatResult r) {
        List<Float> all = new ArrayList<>();
        int n = 0;
        for (Part p : r.parts()) {
            n += p.mesh().vertexCount();
        }
        float[] bind = new float[3 * n];
        int o = 0;
        for (Part p : r.parts()) {
            float[] pos = p.mesh().positions();
            System.arraycopy(pos, 0, bind, o, pos.length);
            o += pos.length;
        }
        return bind;
    }

    @ParameterizedTest
    @MethodSource("encodingsAndModes")
    void decodingTheWrittenFilesReproducesEveryPoseWithinTheReportedError(VatEncoding e, PositionMode m)
            throws IOException {
        Humanoid h = VatModels.humanoid();
        List<AnimationClip> clips = List.of(h.walk(), h.idle());
        VatResult r = Vat.bakeVertexTextures(h.character(), clips,
                VatOptions.DEFAULTS.withEncoding(e).withPositionMode(m).withStreams(VatStreams.POSITIONS_NORMALS)
                        .withMaxWidth(3000), Progress.NONE);
        VatFormat format = e.isNormalized() ? VatFormat.PNG : VatFormat.RAW;
        VatFiles.write(dir, r, format);
        VatDecoder fromFiles = VatFiles.read(dir);
        float[][][] exact = exactFrames(h.character(), r.clips(), clips, true);
        float[] bind = bindPositions(r);
        int v = r.elementCount();
        double max = 0;
        double sum = 0;
        double maxAngle = 0;
        long samples = 0;
        float[] p = new float[3];
        float[] n = new float[3];
        for (int c = 0; c < clips.size(); c++) {
            for (int f = 0; f < r.clips().get(c).frames(); f++) {
                float[] ex = exact[c][f];
                for (int i = 0; i < v; i++) {
                    fromFiles.positionInto(c, f, i, bind, p, 0);
                    double dx = p[0] - (double) ex[3 * i];
                    double dy = p[1] - (double) ex[3 * i + 1];
                    double dz = p[2] - (double) ex[3 * i + 2];
                    double d2 = dx * dx + dy * dy + dz * dz;
                    max = Math.max(max, Math.sqrt(d2));
                    sum += d2;
                    samples++;
                    fromFiles.normalInto(c, f, i, n, 0);
                    int o = 3 * v + 3 * i;
                    maxAngle = Math.max(maxAngle, Math.toDegrees(Angles.between(n, ex[o], ex[o + 1], ex[o + 2])));
                }
            }
        }
        assertThat(max).isLessThanOrEqualTo(r.maxError()).isCloseTo(r.maxError(), within(ERROR_SLACK));
        assertThat(Math.sqrt(sum / samples)).isCloseTo(r.rmsError(), within(1e-9));
        assertThat(maxAngle).isCloseTo(r.normalMaxErrorDegrees(), within(1e-9));
        if (e == VatEncoding.FLOAT && m == PositionMode.ABSOLUTE) {
            assertThat(r.maxError()).isZero();
        }
        // the humanoid is about 1.7 m tall: half and unorm16 stay below a millimetre, unorm8 below a centimetre
        assertThat(r.maxError()).isLessThan(e == VatEncoding.UNORM8 ? 10 * MILLIMETRE : MILLIMETRE);
        assertThat(r.normalMaxErrorDegrees()).isLessThan(e == VatEncoding.UNORM8 ? 1.0 : 0.05);
    }

    @Test
    void frameZeroAndTheLastFrameAreTheClipsStartAndDuration() {
        Character slider = VatModels.slider();
        AnimationClip slide = slider.clips().get(0);
        // 1 s at 7 fps: frames at 0, 1/7 .. 6/7 and the last at exactly 1 s
        VatResult r = Vat.bakeVertexTextures(slider, List.of(slide),
                VatOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT).withFps(7), Progress.NONE);
        VatClip clip = r.clips().get(0);
        assertThat(clip.frames()).isEqualTo(8);
        VatDecoder d = r.decoder();
        float[] p = new float[3];
        d.positionInto(0, 0, 0, null, p, 0);
        assertThat(p).containsExactly(1, 0, 0);
        d.positionInto(0, 7, 0, null, p, 0);
        assertThat(p).containsExactly(2, 0, 0);
        d.positionInto(0, 3, 1, null, p, 0);
        assertThat(p).containsExactly((float) (3 / 7.0), 2, 0);
    }

    @Test
    void texelAttributeAndManifestAddressAgreeWhenVerticesWrapAcrossRows() {
        Humanoid h = VatModels.humanoid();
        VatResult r = Vat.bakeVertexTextures(h.character(), List.of(h.walk()),
                VatOptions.DEFAULTS.withMaxWidth(1000).withEncoding(VatEncoding.FLOAT), Progress.NONE);
        int v = r.elementCount();
        // the fewest rows of at most 1000 texels, each as full as those rows allow
        int rows = (v + 999) / 1000;
        assertThat(r.rowsPerFrame()).isEqualTo(rows);
        assertThat(r.width()).isEqualTo((v + rows - 1) / rows).isLessThan(1000);
        assertThat(r.height()).isEqualTo(r.clips().get(0).frames() * r.rowsPerFrame());
        VatDecoder d = r.decoder();
        int element = 0;
        for (Part p : r.parts()) {
            VertexAttribute a = p.mesh().attribute(Vat.TEXEL_ATTRIBUTE);
            assertThat(a).isNotNull();
            assertThat(a.componentCount()).isEqualTo(2);
            for (int i = 0; i < p.mesh().vertexCount(); i++, element++) {
                int column = (int) a.value(i, 0);
                int row = (int) a.value(i, 1);
                assertThat(d.texelIndex(0, 2, element)).isEqualTo((2L * r.rowsPerFrame() + row) * r.width() + column);
            }
        }
        assertThat(element).isEqualTo(v);
    }

    @Test
    void theBakesMeshesAreThePosedMeshesWithTheTexelAttributeSetLast() {
        // a part that already holds a texel attribute (say, from an earlier bake) and another one after it
        Humanoid h = VatModels.humanoid();
        List<Part> parts = new ArrayList<>(h.character().parts());
        Mesh first = parts.get(0).mesh();
        int n0 = first.vertexCount();
        parts.set(0, Part.of(parts.get(0).name(), first.toBuilder()
                .addAttribute(Vat.TEXEL_ATTRIBUTE, 2, new float[2 * n0]).addAttribute("KEY", 1, new float[n0]).build()));
        Character c = Character.of("c", h.character().skeleton(), parts, h.character().clips());
        VatResult r = Vat.bakeVertexTextures(c, List.of(h.walk()), VatOptions.DEFAULTS.withMaxWidth(1000),
                Progress.NONE);
        CharacterPoser poser = CharacterPoser.bind(c, h.walk());
        int width = r.width();
        assertThat(width).isLessThanOrEqualTo(1000);
        int element = 0;
        for (int p = 0; p < parts.size(); p++) {
            Mesh posed = poser.posedMesh(p);
            Mesh baked = r.parts().get(p).mesh();
            int n = posed.vertexCount();
            float[] texels = new float[2 * n];
            for (int i = 0; i < n; i++, element++) {
                texels[2 * i] = element % width;
                texels[2 * i + 1] = element / width;
            }
            Mesh.Builder expected = posed.toBuilder().clearAttributes();
            posed.attributes().stream().filter(a -> !a.name().equals(Vat.TEXEL_ATTRIBUTE)).forEach(expected::addAttribute);
            assertThat(baked).as("part %d", p).isEqualTo(expected.addAttribute(Vat.TEXEL_ATTRIBUTE, 2, texels).build());
            assertThat(baked.bounds()).isEqualTo(posed.bounds());
            assertThat(r.parts().get(p).name()).isEqualTo(parts.get(p).name());
        }
        assertThat(r.parts().get(0).mesh().attributes()).extracting(VertexAttribute::name)
                .containsExactly("KEY", Vat.TEXEL_ATTRIBUTE);
        assertThat(r.parts().get(0).mesh().attribute(Vat.TEXEL_ATTRIBUTE).value(n0 - 1, 0)).isEqualTo((n0 - 1) % width);
    }

    @Test
    void eachClipsBoundsHoldEveryExactAndDecodedPoseOfItsFrames() {
        Humanoid h = VatModels.humanoid();
        List<AnimationClip> clips = List.of(h.walk(), h.idle());
        VatResult r = Vat.bakeVertexTextures(h.character(), clips,
                VatOptions.DEFAULTS.withEncoding(VatEncoding.UNORM8), Progress.NONE);
        float[][][] exact = exactFrames(h.character(), r.clips(), clips, false);
        VatDecoder d = r.decoder();
        float[] p = new float[3];
        for (int c = 0; c < clips.size(); c++) {
            Bounds b = r.clips().get(c).bounds();
            for (int f = 0; f < exact[c].length; f++) {
                assertThat(Bounds.of(exact[c][f], 0, r.elementCount()).union(b)).isEqualTo(b);
                for (int i = 0; i < r.elementCount(); i += 7) {
                    d.positionInto(c, f, i, null, p, 0);
                    assertThat(b.contains(p[0], p[1], p[2])).isTrue();
                }
            }
        }
    }

    /**
     * The manifest's bounds are the box of the stored values, exactly: every texel lies in it and
     * each side is some texel's value. For half that is the box of the rounded halves, which can
     * lie outside the exact values' box by half a half step.
     */
    @Test
    void theBoundsAreTheBoxOfTheStoredValues() {
        Humanoid h = VatModels.humanoid();
        for (VatEncoding e : List.of(VatEncoding.FLOAT, VatEncoding.HALF)) {
            for (PositionMode mode : PositionMode.values()) {
                VatResult r = Vat.bakeVertexTextures(h.character(), List.of(h.walk(), h.idle()),
                        VatOptions.DEFAULTS.withEncoding(e).withPositionMode(mode), Progress.NONE);
                VatTexture positions = r.texture("positions");
                float[] t = new float[4];
                float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                    Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
                for (VatClip clip : r.clips()) {
                    for (int f = 0; f < clip.frames(); f++) {
                        for (int i = 0; i < r.elementCount(); i++) {
                            long texel = (long) (clip.firstRow() + f * r.rowsPerFrame()) * r.width() + i;
                            positions.fetch((int) (texel % r.width()), (int) (texel / r.width()), t, 0);
                            for (int k = 0; k < 3; k++) {
                                box[k] = Math.min(box[k], t[k]);
                                box[k + 3] = Math.max(box[k + 3], t[k]);
                            }
                        }
                    }
                }
                Bounds b = r.bounds();
                assertThat(new float[] {b.minX(), b.minY(), b.minZ(), b.maxX(), b.maxY(), b.maxZ()})
                        .as("%s %s", e, mode).containsExactly(box);
            }
        }
    }

    @Test
    void offsetsAreRelativeToTheMeshesReturnedWithTheTextures() {
        Humanoid h = VatModels.humanoid();
        VatResult r = Vat.bakeVertexTextures(h.character(), List.of(h.walk()),
                VatOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT).withPositionMode(PositionMode.OFFSET),
                Progress.NONE);
        assertThat(r.offsets()).isTrue();
        float[] bind = bindPositions(r);
        // the bounds of a float texture are those of the stored offsets, far smaller than the character
        assertThat(r.bounds().diagonal()).isLessThan(Bounds.of(bind, 0, bind.length / 3).diagonal());
        float[] t = new float[4];
        float[] p = new float[3];
        r.texture("positions").fetch(5, 0, t, 0);
        r.decoder().positionInto(0, 0, 5, bind, p, 0);
        assertThat(p[0]).isEqualTo(t[0] + bind[15]);
    }

    @Test
    void loopFlagsFollowTheMode() {
        Character slider = VatModels.slider();
        List<AnimationClip> clips = slider.clips();
        VatOptions o = VatOptions.DEFAULTS.withFps(4);
        assertThat(Vat.bakeVertexTextures(slider, clips, o, Progress.NONE).clips().get(0).loop()).isFalse();
        assertThat(Vat.bakeVertexTextures(slider, clips, o.withLoopMode(LoopMode.ALWAYS), Progress.NONE).clips()
                .get(0).loop()).isTrue();
        Humanoid h = VatModels.humanoid();
        VatResult walk = Vat.bakeVertexTextures(h.character(), List.of(h.walk()), VatOptions.DEFAULTS,
                Progress.NONE);
        assertThat(walk.clips().get(0).loop()).isTrue();
        assertThat(Vat.bakeVertexTextures(h.character(), List.of(h.walk()), o.withLoopMode(LoopMode.NEVER),
                Progress.NONE).clips().get(0).loop()).isFalse();
    }

    @Test
    void bakingTwiceGivesIdenticalBytes() {
        Humanoid h = VatModels.humanoid();
        VatOptions o = VatOptions.DEFAULTS.withEncoding(VatEncoding.UNORM16).withStreams(VatStreams.POSITIONS_NORMALS);
        VatResult a = Vat.bakeVertexTextures(h.character(), List.of(h.idle()), o, Progress.NONE);
        VatResult b = Vat.bakeVertexTextures(h.character(), List.of(h.idle()), o, Progress.NONE);
        assertThat(a.textures()).isEqualTo(b.textures());
        assertThat(a.manifest(VatFormat.PNG).toJson()).isEqualTo(b.manifest(VatFormat.PNG).toJson());
    }

    @Test
    void theReturnedMeshesKeepTheirOtherAttributesAndGainTheTexelAttribute() {
        Humanoid h = VatModels.humanoid();
        VatResult r = Vat.bakeVertexTextures(h.character(), List.of(h.walk()), VatOptions.DEFAULTS, Progress.NONE);
        for (int i = 0; i < r.parts().size(); i++) {
            Mesh in = h.character().parts().get(i).mesh();
            Mesh out = r.parts().get(i).mesh();
            assertThat(out.vertexCount()).isEqualTo(in.vertexCount());
            assertThat(out.indices()).isEqualTo(in.indices());
            assertThat(out.attributes()).hasSize(in.attributes().size() + 1);
        }
    }
}
