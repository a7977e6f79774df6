package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;

class QuaternionsTest {
    /** Normalizing a normalized quaternion again must not move a bit, or file round trips drift. */
    @Property(tries = 2000, seed = "20260101")
    void renormalizingIsIdempotent(@ForAll @FloatRange(min = -1, max = 1) float x,
            @ForAll @FloatRange(min = -1, max = 1) float y, @ForAll @FloatRange(min = -1, max = 1) float z,
            @ForAll @FloatRange(min = 0.1f, max = 1) float w) {
        BoneChannel once = BoneChannel.of("b", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0},
                new float[] {x, y, z, w});
        BoneChannel twice = BoneChannel.of("b", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0},
                once.values());
        assertThat(twice.values()).isEqualTo(once.values());
        float[] q = once.values();
        double len = Math.sqrt((double) q[0] * q[0] + (double) q[1] * q[1] + (double) q[2] * q[2] + (double) q[3] * q[3]);
        assertThat(len).isCloseTo(1.0, org.assertj.core.data.Offset.offset(Quaternions.ROUNDING_TOLERANCE));
    }
}
