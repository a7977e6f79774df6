package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.internal.Angles;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The tangents texture: layout, files, decoder and error report, as the normals tests do for normals. */
class VatTangentsTest {
    @TempDir
    Path dir;

    static Stream<Arguments> encodingsAndFormats() {
        List<Arguments> out = new ArrayList<>();
        for (VatEncoding e : VatEncoding.values()) {
            out.add(Arguments.of(e, VatFormat.RAW));
            out.add(Arguments.of(e, e.isNormalized() ? VatFormat.PNG : VatFormat.EXR));
        }
        return out.stream();
    }

    /** The humanoid with every tangent's handedness flipped on one part, so both signs occur. */
    static Character mixedHandedness() {
        Character c = VatModels.humanoid().character();
        List<Part> parts = new ArrayList<>(c.parts());
        Mesh m = parts.get(0).mesh();
        float[] t = m.tangents();
        for (int i = 3; i < t.length; i += 4) {
            t[i] = -t[i];
        }
        parts.set(0, parts.get(0).withMesh(m.toBuilder().tangents(t).build()));
        return Character.of(c.name(), c.skeleton(), parts, c.clips());
    }

    @ParameterizedTest
    @MethodSource("encodingsAndFormats")
    void decodingTheWrittenTangentsReproducesEveryPoseWithinTheReportedAngle(VatEncoding e, VatFormat format)
            throws IOException {
        Character c = mixedHandedness();
        Humanoid h = VatModels.humanoid();
        List<AnimationClip> clips = List.of(h.walk(), h.idle());
        VatResult r = Vat.bakeVertexTextures(c, clips, VatOptions.DEFAULTS.withEncoding(e)
                .withStreams(VatStreams.POSITIONS_NORMALS_TANGENTS).withMaxWidth(2500), Progress.NONE);
        assertThat(r.textures()).extracting(VatTexture::name).containsExactly("positions", "normals", "tangents");
        VatFiles.write(dir, r, format);
        assertThat(Files.exists(dir.resolve("tangents." + format.extension()))).isTrue();
        VatDecoder d = VatFiles.read(dir);
        assertThat(d.hasTangents()).isTrue();
        assertThat(d.manifest().textures()).containsEntry("tangents", "tangents." + format.extension());
        double maxAngle = 0;
        int[] signs = new int[2];
        float[] t = new float[4];
        PoserOptions options = PoserOptions.BAKE.withStreams(PoserOptions.Streams.POSITIONS_NORMALS_TANGENTS);
        for (int ci = 0; ci < clips.size(); ci++) {
            VatClip entry = r.clips().get(ci);
            CharacterPoser poser = CharacterPoser.bind(c, clips.get(ci), options);
            PosedVertices out = poser.newOutput();
            for (int f = 0; f < entry.frames(); f++) {
                float time = f == entry.frames() - 1 ? entry.duration() : Math.min(f / entry.fps(), entry.duration());
                poser.poseInto(time, out);
                int vertex = 0;
                for (int p = 0; p < out.partCount(); p++) {
                    float[] exact = out.tangents(p);
                    for (int i = 0; i < out.vertexCount(p); i++, vertex++) {
                        d.tangentInto(ci, f, vertex, t, 0);
                        float w = exact[4 * i + 3];
                        assertThat(t[3]).as("handedness of vertex %d", vertex).isEqualTo(w < 0 ? -1f : 1f);
                        signs[w < 0 ? 0 : 1]++;
                        assertThat(Math.sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2])).isCloseTo(1, within(1e-6));
                        maxAngle = Math.max(maxAngle, Math.toDegrees(Angles.between(t, exact[4 * i],
                                exact[4 * i + 1], exact[4 * i + 2])));
                    }
                }
            }
        }
        assertThat(signs[0]).isPositive();
        assertThat(signs[1]).isPositive();
        assertThat(maxAngle).isCloseTo(r.tangentMaxErrorDegrees(), within(1e-9));
        assertThat(d.manifest().tangentMaxErrorDegrees()).isEqualTo(r.tangentMaxErrorDegrees());
        // as for normals: float exact to rounding, half and unorm16 a few hundredths of a degree, unorm8 under 1
        assertThat(r.tangentMaxErrorDegrees()).isLessThan(e == VatEncoding.UNORM8 ? 1.0 : 0.05);
        if (e == VatEncoding.FLOAT) {
            assertThat(r.tangentMaxErrorDegrees()).isLessThan(1e-3);
        }
    }

    @Test
    void normalizedTangentTexelsHoldTheOctahedralDirectionAndTheHandednessInAlpha() {
        Character c = mixedHandedness();
        VatResult r = Vat.bakeVertexTextures(c, List.of(VatModels.humanoid().walk()), VatOptions.DEFAULTS
                .withEncoding(VatEncoding.UNORM8).withStreams(VatStreams.POSITIONS_NORMALS_TANGENTS), Progress.NONE);
        byte[] raw = r.texture("tangents").bytes();
        float[] tangents = c.parts().get(0).mesh().tangents();
        // frame 0, vertex 0 of part 0 (flipped to negative handedness), and a vertex of part 1 (positive)
        assertThat(raw[3] & 0xff).isEqualTo(tangents[3] < 0 ? 0 : 255);
        assertThat(raw[2] & 0xff).isZero();
        int other = c.parts().get(0).mesh().vertexCount();
        float w = c.parts().get(1).mesh().tangents()[3];
        assertThat(raw[4 * other + 3] & 0xff).isEqualTo(w < 0 ? 0 : 255);
        // the normals texture keeps its own alpha
        assertThat(r.texture("normals").bytes()[3] & 0xff).isEqualTo(255);
        assertThat(r.manifest(VatFormat.PNG).toJson()).contains("\"tangentMaxErrorDegrees\": ");
    }

    @Test
    void tangentsAskedForAPartWithoutTangentsFailInThePoser() {
        Character slider = VatModels.slider();
        assertThatThrownBy(() -> Vat.bakeVertexTextures(slider, slider.clips(),
                VatOptions.DEFAULTS.withStreams(VatStreams.POSITIONS_NORMALS_TANGENTS), Progress.NONE))
                .isInstanceOf(ValidationException.class).hasMessageContaining("part 'm'")
                .hasMessageContaining("tangents");
    }

    @Test
    void aBakeWithoutTangentsHasNoTangentTextureAndTheDecoderSaysSo() {
        Character slider = VatModels.slider();
        VatResult r = Vat.bakeVertexTextures(slider, slider.clips(), VatOptions.DEFAULTS, Progress.NONE);
        assertThat(r.tangentMaxErrorDegrees()).isNaN();
        assertThat(r.decoder().hasTangents()).isFalse();
        assertThat(r.manifest(VatFormat.RAW).toJson()).doesNotContain("tangent");
        assertThatThrownBy(() -> r.decoder().tangentInto(0, 0, 0, new float[4], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("VatDecoder.tangentInto: the manifest lists no tangents texture");
        assertThatThrownBy(() -> r.texture("tangents")).isInstanceOf(ValidationException.class)
                .hasMessage("VatResult: no texture \"tangents\" of page 0, the bake has [positions] on 1 page");
    }

    @Test
    void bakingTangentsTwiceGivesIdenticalBytes() {
        Character c = mixedHandedness();
        VatOptions o = VatOptions.DEFAULTS.withEncoding(VatEncoding.UNORM16)
                .withStreams(VatStreams.POSITIONS_NORMALS_TANGENTS);
        VatResult a = Vat.bakeVertexTextures(c, List.of(VatModels.humanoid().idle()), o, Progress.NONE);
        VatResult b = Vat.bakeVertexTextures(c, List.of(VatModels.humanoid().idle()), o, Progress.NONE);
        assertThat(a.textures()).isEqualTo(b.textures());
    }
}
