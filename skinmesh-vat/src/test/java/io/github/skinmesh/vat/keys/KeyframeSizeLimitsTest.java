package io.github.skinmesh.vat.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.util.Arrays;
import java.util.List;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

/**
 * Sizes beyond what a bake can hold: the frame limit, and kept poses ({@code 3 * vertices * frames}
 * floats per stream) beyond one Java array, refused before anything is posed or allocated. The
 * message names the clip, the rate, the counts, the product and the limit.
 */
class KeyframeSizeLimitsTest {
    /** One bone and {@code vertices} vertices skinned to it; a clip of {@code duration} seconds turns it. */
    private static Character wide(int vertices, float duration, boolean normals) {
        Skeleton sk = Skeleton.of("s", new String[] {"root"}, new int[] {Skeleton.NO_PARENT}, new float[3],
                new float[] {0, 0, 0, 1}, new float[] {1, 1, 1});
        float[] positions = new float[3 * vertices];
        for (int v = 0; v < vertices; v++) {
            positions[3 * v] = v;
            positions[3 * v + 1] = v % 7;
        }
        float[] weights = new float[vertices];
        Arrays.fill(weights, 1);
        Mesh.Builder b = Mesh.builder("m").positions(positions).indices(new int[] {0, 1, 2})
                .skin(Skin.of(new String[] {"root"}, new Matrix4f().get(new float[16]),
                        BoneWeights.of(1, new int[vertices], weights)));
        if (normals) {
            float[] n = new float[3 * vertices];
            for (int v = 0; v < vertices; v++) {
                n[3 * v + 2] = 1;
            }
            b.normals(n);
        }
        AnimationClip turn = AnimationClip.of("turn", List.of(BoneChannel.of("root", ChannelPath.ROTATION,
                Interpolation.LINEAR, new float[] {0, duration}, new float[] {0, 0, 0, 1, 0, 0.70710677f, 0,
                        0.70710677f})));
        return Character.of("wide", sk, List.of(Part.of("m", b.build())), List.of(turn));
    }

    @Test
    void keptPosesBeyondOneArrayAreRefusedWithTheProduct() {
        // 1000 s at 1000 fps: 1,000,001 frames (within MAX_FRAMES); 716 vertices x 3 floats each exceed an array
        long frames = 1_000_001;
        int vertices = 716;
        assertThat(frames).isLessThanOrEqualTo(Keyframes.MAX_FRAMES);
        assertThat(3L * vertices * frames).isGreaterThan(Checks.MAX_ARRAY_LENGTH);
        assertThat(3L * (vertices - 1) * frames).isLessThanOrEqualTo(Checks.MAX_ARRAY_LENGTH);
        for (boolean normals : new boolean[] {false, true}) {
            Character c = wide(vertices, 1000, normals);
            assertThatThrownBy(() -> Keyframes.bake(c, c.clips().get(0), KeyframeOptions.DEFAULTS.withFps(1000),
                    Progress.NONE)).isInstanceOf(ValidationException.class)
                    .hasMessage("Keyframes.bake: clip 'turn' of 1000.0 s at 1000.0 fps: 716 vertices x 1000001 frames"
                            + " x 3 = " + 3L * vertices * frames + " floats of kept " + (normals
                            ? "positions (and as many of normals)" : "positions") + ", more than one array holds ("
                            + Checks.MAX_ARRAY_LENGTH + "); lower the rate");
        }
    }

    @Test
    void framesBeyondTheLimitAreRefusedBeforeTheProduct() {
        Character c = wide(716, 2000, false);
        assertThatThrownBy(() -> Keyframes.bake(c, c.clips().get(0), KeyframeOptions.DEFAULTS.withFps(1000),
                Progress.NONE)).isInstanceOf(ValidationException.class)
                .hasMessage("Keyframes.bake: clip 'turn' of 2000.0 s at 1000.0 fps has 2000001 frames, more than "
                        + Keyframes.MAX_FRAMES + "; lower the rate");
    }
}
