package io.github.skinmesh.vat.crowd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
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
import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.TextureKind;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatDecoder;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatManifest;
import io.github.skinmesh.vat.VatOptions;
import io.github.skinmesh.vat.VatResult;
import io.github.skinmesh.vat.VatTexture;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

/** Every invalid argument of the crowd API: type and message, and nothing written. */
class CrowdErrorsTest {
    private static final BoneTextureOptions FLOAT_BAKE = BoneTextureOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT);

    private static CrowdFrames frames() {
        return CrowdFrames.of(CrowdModels.humanoidBake(FLOAT_BAKE));
    }

    private static Crowd crowd(int capacity) {
        return Crowd.create(frames(), capacity, CrowdOptions.DEFAULTS);
    }

    @Test
    void unknownClipIndex() {
        Crowd crowd = crowd(4);
        assertThatThrownBy(() -> crowd.setInstance(2, 2, 0, 1)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.setInstance: instance 2: clip 2, expected 0..1 [walk, idle]");
        assertThatThrownBy(() -> crowd.setInstance(2, -1, 0, 1)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("clip -1, expected 0..1");
        assertThat(crowd.clip(2)).isZero();
    }

    @Test
    void unknownClipName() {
        assertThatThrownBy(() -> frames().clipIndex("run")).isInstanceOf(ValidationException.class)
                .hasMessage("CrowdFrames: clip 'run' is not in the clip table, expected one of [walk, idle]");
        assertThat(frames().clipIndex("idle")).isEqualTo(1);
    }

    @Test
    void instanceOutOfRange() {
        Crowd crowd = crowd(4);
        assertThatThrownBy(() -> crowd.setInstance(4, 0, 0, 1)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.setInstance: instance 4, expected 0..3 (capacity 4)");
        assertThatThrownBy(() -> crowd.setLoop(-1, CrowdLoop.WRAP)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.setLoop: instance -1, expected 0..3 (capacity 4)");
        assertThatThrownBy(() -> crowd.clipTime(9, 0)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("instance 9, expected 0..3");
    }

    @Test
    void nanOrInfiniteInstanceTimeOrSpeed() {
        Crowd crowd = crowd(4);
        crowd.setInstance(1, 1, 0.5f, 2);
        assertThatThrownBy(() -> crowd.setInstance(1, 0, Float.NaN, 1)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.setInstance: instance 1: time NaN, expected a finite number of seconds");
        assertThatThrownBy(() -> crowd.setInstance(1, 0, 0, Float.NEGATIVE_INFINITY))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.setInstance: instance 1: speed -Infinity, expected a finite number");
        assertThat(crowd.clip(1)).isEqualTo(1);
        assertThat(crowd.time(1)).isEqualTo(0.5f);
        assertThat(crowd.speed(1)).isEqualTo(2);
    }

    @Test
    void nanCrowdTime() {
        Crowd crowd = crowd(4);
        float[] dst = new float[12 * crowd.boneCount() * 4];
        Arrays.fill(dst, 3);
        assertThatThrownBy(() -> crowd.palettesInto(4, Double.NaN, dst, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(float[]): crowdTime NaN, expected a finite number of seconds");
        assertThatThrownBy(() -> crowd.palettesInto(4, Double.POSITIVE_INFINITY, new short[dst.length], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(short[]): crowdTime Infinity, expected a finite number of seconds");
        assertThatThrownBy(() -> crowd.clipTime(0, Double.NaN)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.clipTime: crowdTime NaN, expected a finite number of seconds");
        assertThat(dst).containsOnly(3);
    }

    @Test
    void clipTimeOverflow() {
        Crowd crowd = crowd(4);
        crowd.setInstance(3, 0, 0, Float.MAX_VALUE);
        float[] dst = new float[12 * crowd.boneCount() * 4];
        Arrays.fill(dst, 3);
        assertThatThrownBy(() -> crowd.palettesInto(4, 1e300, dst, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(float[]): instance 3: clip time 0.0 + " + Float.MAX_VALUE
                        + " * 1.0E300 overflows, expected a finite number of seconds");
        assertThat(dst).containsOnly(3);
    }

    @Test
    void negativeOrTooLargeInstanceCount() {
        Crowd crowd = crowd(4);
        float[] dst = new float[12 * crowd.boneCount() * 5];
        assertThatThrownBy(() -> crowd.palettesInto(-1, 0, dst, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(float[]): instanceCount=-1, expected 0..4 (the crowd's capacity)");
        assertThatThrownBy(() -> crowd.palettesInto(5, 0, dst, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(float[]): instanceCount=5, expected 0..4 (the crowd's capacity)");
        assertThatThrownBy(() -> crowd.boundsInto(-2, new float[60], 0, new float[30], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.boundsInto: instanceCount=-2, expected 0..4 (the crowd's capacity)");
    }

    @Test
    void negativeCapacity() {
        assertThatThrownBy(() -> Crowd.create(frames(), -1, CrowdOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.create: capacity=-1, expected >= 0 instances");
        int bones = frames().boneCount();
        int tooMany = Integer.MAX_VALUE / 12 / bones + 1;
        assertThatThrownBy(() -> Crowd.create(frames(), tooMany, CrowdOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Crowd.create: capacity=" + tooMany + " instances x " + bones + " bones x 12 = ")
                .hasMessageContaining("more than an array holds");
    }

    @Test
    void bufferTooSmall() {
        Crowd crowd = crowd(4);
        int needed = 12 * crowd.boneCount() * 3;
        float[] floats = new float[needed + 1];
        Arrays.fill(floats, 5);
        assertThatThrownBy(() -> crowd.palettesInto(3, 0, floats, 2)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(float[]): dst length " + (needed + 1)
                        + ", needs at least dstOffset+12*boneCount*instanceCount = " + (needed + 2));
        assertThat(floats).containsOnly(5);
        short[] halves = new short[needed - 1];
        assertThatThrownBy(() -> crowd.palettesInto(3, 0, halves, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(short[]): dst length " + (needed - 1)
                        + ", needs at least dstOffset+12*boneCount*instanceCount = " + needed);
        assertThatThrownBy(() -> crowd.palettesInto(3, 0, floats, -1)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(float[]): dstOffset=-1, expected >= 0");
        ByteBuffer buffer = ByteBuffer.allocate(4 * needed - 1);
        assertThatThrownBy(() -> crowd.palettesInto(3, 0, VatEncoding.FLOAT, buffer))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(ByteBuffer): dst has " + (4 * needed - 1)
                        + " bytes remaining, needs 48*boneCount*instanceCount = " + 4 * needed);
        buffer.position(2 * needed + 1);
        assertThatThrownBy(() -> crowd.palettesInto(3, 0, VatEncoding.HALF, buffer))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(ByteBuffer): dst has " + (2 * needed - 2)
                        + " bytes remaining, needs 24*boneCount*instanceCount = " + 2 * needed)
                .satisfies(e -> assertThat(buffer.position()).isEqualTo(2 * needed + 1));
        // every destination one value (or byte) too short fails; the exact size succeeds
        for (int n = 1; n <= 4; n++) {
            int values = 12 * crowd.boneCount() * n;
            int count = n;
            assertThatThrownBy(() -> crowd.palettesInto(count, 0, new float[values - 1], 0))
                    .isInstanceOf(ValidationException.class);
            assertThatThrownBy(() -> crowd.palettesInto(count, 0, new short[values - 1], 0))
                    .isInstanceOf(ValidationException.class);
            assertThatThrownBy(() -> crowd.palettesInto(count, 0, VatEncoding.FLOAT, ByteBuffer.allocate(4 * values - 1)))
                    .isInstanceOf(ValidationException.class);
            assertThatThrownBy(() -> crowd.palettesInto(count, 0, VatEncoding.HALF, ByteBuffer.allocate(2 * values - 1)))
                    .isInstanceOf(ValidationException.class);
            assertThat(crowd.palettesInto(count, 0, new float[values], 0)).isEqualTo(values);
            assertThat(crowd.palettesInto(count, 0, new short[values], 0)).isEqualTo(values);
            crowd.palettesInto(count, 0, VatEncoding.HALF, ByteBuffer.allocate(2 * values));
        }
    }

    @Test
    void readOnlyBufferAndNormalizedEncoding() {
        Crowd crowd = crowd(2);
        ByteBuffer buffer = ByteBuffer.allocate(48 * crowd.boneCount() * 2);
        assertThatThrownBy(() -> crowd.palettesInto(2, 0, VatEncoding.FLOAT, buffer.asReadOnlyBuffer()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(ByteBuffer): dst is read-only, expected a writable buffer");
        assertThatThrownBy(() -> crowd.palettesInto(2, 0, VatEncoding.UNORM16, buffer))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.palettesInto(ByteBuffer): encoding unorm16, expected float or half");
        assertThat(buffer.position()).isZero();
    }

    @Test
    void framesBeyondTheHalfRangeCannotBeWrittenAsHalves() {
        Character far = farAway(70000);
        CrowdFrames frames = CrowdFrames.of(Vat.bakeBoneTexture(far, far.clips(), FLOAT_BAKE, Progress.NONE));
        Crowd crowd = Crowd.create(frames, 1, CrowdOptions.DEFAULTS);
        short[] halves = new short[12];
        assertThatThrownBy(() -> crowd.palettesInto(1, 0, halves, 0)).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Crowd.palettesInto(short[]): clip 'go', frame ")
                .hasMessageEndingWith(", palette entry 0 holds the value 70000.0, beyond the half-float range"
                        + " (largest finite 65504.0); write float palettes");
        assertThatThrownBy(() -> crowd.palettesInto(1, 0, VatEncoding.HALF, ByteBuffer.allocate(24)))
                .isInstanceOf(ValidationException.class).hasMessageContaining("beyond the half-float range");
        float[] floats = new float[12];
        crowd.palettesInto(1, 1, floats, 0);
        assertThat(floats[3]).isEqualTo(70000);
    }

    @Test
    void framesMustComeFromABoneTexture() {
        Character far = farAway(1);
        VatResult vertices = Vat.bakeVertexTextures(far, far.clips(), VatOptions.DEFAULTS, Progress.NONE);
        assertThatThrownBy(() -> CrowdFrames.of(vertices)).isInstanceOf(ValidationException.class)
                .hasMessage("CrowdFrames: the texture's kind is vertex, expected bones (a bone-matrix texture)");
    }

    @Test
    void framesMustBeFinite() {
        Character far = farAway(1);
        VatResult bake = Vat.bakeBoneTexture(far, far.clips(), FLOAT_BAKE, Progress.NONE);
        byte[] bytes = bake.texture("bones").bytes();
        // frame 1, palette entry 0, row 1, column 2: texel 3*1 + 1 = 4 of a one-bone texture, channel 2
        VatManifest m = bake.manifest(io.github.skinmesh.vat.VatFormat.RAW);
        int texel = m.clips().get(0).firstRow() * m.width() + m.rowsPerFrame() * m.width() + 1;
        int at = 16 * texel + 4 * 2;
        int nan = Float.floatToRawIntBits(Float.NaN);
        for (int k = 0; k < 4; k++) {
            bytes[at + k] = (byte) (nan >>> 8 * k);
        }
        VatDecoder decoder = VatDecoder.of(m, Map.of("bones", VatTexture.of("bones", m.width(), m.height(),
                VatEncoding.FLOAT, bytes)));
        assertThatThrownBy(() -> CrowdFrames.of(decoder)).isInstanceOf(ValidationException.class)
                .hasMessage("CrowdFrames: clip 'go', frame 1: palette entry 0, row 1, column 2 is NaN, expected a"
                        + " finite value within +-" + CrowdFrames.MAX_VALUE);
    }

    @Test
    void framesNeedAClip() {
        Character far = farAway(1);
        VatResult bake = Vat.bakeBoneTexture(far, far.clips(), FLOAT_BAKE, Progress.NONE);
        VatManifest m = bake.manifest(io.github.skinmesh.vat.VatFormat.RAW);
        VatManifest none = new VatManifest(TextureKind.BONES, m.encoding(), m.width(), m.height(), m.rowsPerFrame(),
                m.elementCount(), m.textures(), false, m.bounds(), List.of(), 0, 0, Double.NaN);
        VatDecoder decoder = VatDecoder.of(none, Map.of("bones", bake.texture("bones")));
        assertThatThrownBy(() -> CrowdFrames.of(decoder)).isInstanceOf(ValidationException.class)
                .hasMessage("CrowdFrames: the clip table is empty, expected at least one clip");
    }

    @Test
    void invalidOptions() {
        assertThatThrownBy(() -> CrowdOptions.DEFAULTS.withParallelism(0)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("parallelism").hasMessageContaining("0");
        assertThatThrownBy(() -> CrowdOptions.DEFAULTS.withMinInstanceBonesPerTask(0))
                .isInstanceOf(ValidationException.class).hasMessageContaining("minInstanceBonesPerTask");
        assertThatThrownBy(() -> CrowdOptions.DEFAULTS.withBoundsPadding(-1)).isInstanceOf(ValidationException.class)
                .hasMessage("CrowdOptions: boundsPadding=-1.0, expected a finite number of model units >= 0");
        assertThatThrownBy(() -> CrowdOptions.DEFAULTS.withBoundsPadding(Float.NaN))
                .isInstanceOf(ValidationException.class).hasMessageContaining("boundsPadding=NaN");
        assertThatThrownBy(() -> frames().roundingPadding(VatEncoding.UNORM8, 1))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CrowdFrames.roundingPadding: encoding unorm8, expected float or half");
        assertThatThrownBy(() -> frames().roundingPadding(VatEncoding.HALF, -1))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CrowdFrames.roundingPadding: maxBindCoordinate=-1.0, expected a finite number >= 0");
    }

    @Test
    void boundsArguments() {
        Crowd crowd = crowd(3);
        float[] transforms = new float[36];
        float[] dst = new float[18];
        Arrays.fill(dst, 9);
        assertThatThrownBy(() -> crowd.boundsInto(3, new float[35], 0, dst, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.boundsInto: transforms length 35, needs at least transformOffset+12*instanceCount"
                        + " = 36");
        assertThatThrownBy(() -> crowd.boundsInto(3, transforms, 0, new float[17], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.boundsInto: dst length 17, needs at least dstOffset+6*instanceCount = 18");
        assertThatThrownBy(() -> crowd.boundsInto(3, transforms, -1, dst, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.boundsInto: transformOffset=-1, dstOffset=0, expected each >= 0");
        assertThatThrownBy(() -> crowd.boundsInto(1, transforms, 0, transforms, 12))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.boundsInto: dst is the same array as transforms, expected distinct arrays");
        transforms[12 + 7] = Float.NaN;
        assertThatThrownBy(() -> crowd.boundsInto(3, transforms, 0, dst, 0)).isInstanceOf(ValidationException.class)
                .hasMessage("Crowd.boundsInto: instance 1: transform row 1, column 3 is NaN, expected a finite value");
        assertThat(dst).containsOnly(9);
    }

    @Test
    void cullingArguments() {
        float[] boxes = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3};
        float[] planes = new float[24];
        assertThatThrownBy(() -> CrowdBounds.cullInto(boxes, 0, 2, new float[23], 0, new int[2], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CrowdBounds.cullInto: planes length 23, needs at least planeOffset+24 = 24");
        assertThatThrownBy(() -> CrowdBounds.cullInto(boxes, 0, 2, planes, 0, new int[1], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CrowdBounds.cullInto: dst length 1, needs at least dstOffset+boxCount = 2");
        assertThatThrownBy(() -> CrowdBounds.cullInto(boxes, 0, 3, planes, 0, new int[3], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CrowdBounds.cullInto: boxes length 12, needs at least boxOffset+6*boxCount = 18");
        assertThatThrownBy(() -> CrowdBounds.cullInto(boxes, 0, -1, planes, 0, new int[3], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CrowdBounds.cullInto: boxOffset=0, boxCount=-1, expected each >= 0");
        planes[4 * 5 + 3] = Float.POSITIVE_INFINITY;
        assertThatThrownBy(() -> CrowdBounds.cullInto(boxes, 0, 2, planes, 0, new int[2], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CrowdBounds.cullInto: plane 5: coefficient d is Infinity, expected a finite value");
        float[] nanBox = boxes.clone();
        nanBox[10] = Float.NaN;
        assertThatThrownBy(() -> CrowdBounds.unionInto(nanBox, 0, 2, new float[6], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CrowdBounds.unionInto: box 1: value 4 is NaN, expected a number (or an infinity of an"
                        + " empty box)");
        assertThatThrownBy(() -> CrowdBounds.unionInto(boxes, 0, 2, new float[6], 1))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CrowdBounds.unionInto: dst length 6, needs at least dstOffset+6 = 7");
    }

    /** One bone {@code "root"} whose clip {@code "go"} moves it from x = 0 to x = {@code distance} in 1 s. */
    private static Character farAway(float distance) {
        Skeleton sk = Skeleton.of("s", new String[] {"root"}, new int[] {Skeleton.NO_PARENT}, new float[3],
                new float[] {0, 0, 0, 1}, new float[] {1, 1, 1});
        float[] identity = new Matrix4f().get(new float[16]);
        Mesh mesh = Mesh.builder("m").positions(new float[] {0, 0, 0, 1, 0, 0}).indices(new int[0])
                .skin(Skin.of(new String[] {"root"}, identity, BoneWeights.of(1, new int[] {0, 0}, new float[] {1, 1})))
                .build();
        AnimationClip go = AnimationClip.of("go", List.of(BoneChannel.of("root", ChannelPath.TRANSLATION,
                Interpolation.LINEAR, new float[] {0, 1}, new float[] {0, 0, 0, distance, 0, 0})));
        return Character.of("far", sk, List.of(Part.of("m", mesh)), List.of(go));
    }
}
