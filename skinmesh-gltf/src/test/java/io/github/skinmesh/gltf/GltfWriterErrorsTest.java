package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.TextureRef;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every input the writer cannot write fails with a {@link ValidationException} whose whole message
 * names the element, before any byte is written; nothing else escapes.
 */
class GltfWriterErrorsTest {
    private static final String LONE = "a\ud800b";
    private static final String LONE_ESCAPED = "a\\ud800b";

    /** A skeleton of one root bone. */
    private static Skeleton skeleton(String name, String bone) {
        Skeleton.Builder b = Skeleton.builder(name);
        b.addBone(bone, Skeleton.NO_PARENT);
        return b.build();
    }

    private static Mesh triangle(String name) {
        return Mesh.builder(name).positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .build();
    }

    /**
     * One bone "b0", a skinned triangle "Body" (mesh "body") on it, a clip "walk" moving b0: the BIN
     * chunk holds POSITION (36 bytes at 0), JOINTS_0 (12 at 36), WEIGHTS_0 (48 at 48), indices (6 at
     * 96), the inverse bind matrix (64 at 104), the channel's output (24 at 168) and input (8 at 192).
     */
    private static Character skinnedTriangle() {
        Skeleton s = skeleton("rig", "b0");
        Mesh body = triangle("body").toBuilder().skin(Skin.of(new String[] {"b0"}, new Matrix4f().get(new float[16]),
                BoneWeights.of(4, new int[12], new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}))).build();
        AnimationClip walk = AnimationClip.of("walk", List.of(BoneChannel.of("b0", ChannelPath.TRANSLATION,
                Interpolation.LINEAR, new float[] {0, 1}, new float[] {0, 0, 0, 1, 0, 0})));
        return Character.builder(s.name(), s).addPart(Part.of("Body", body)).addClip(walk).build();
    }

    private static Character rigid(Mesh mesh) {
        return Character.builder("", Skeleton.builder("").build()).addPart(Part.of("prop", mesh)).build();
    }

    private static Character textured(Image image) {
        Material m = Material.builder("paint").texture(Material.BASE_COLOR, TextureRef.of(image)).build();
        return rigid(triangle("t").toBuilder().addUvs(new float[6]).clearMaterials().addMaterial(m).build());
    }

    static Stream<Arguments> unpairedSurrogates() {
        Function<String, Character> bone = n -> Character.builder("", skeleton("", n)).build();
        return Stream.of(
                Arguments.of("character name", (Function<String, Character>) n -> Character.builder(n,
                        Skeleton.builder(n).build()).build()),
                Arguments.of("skeleton name", (Function<String, Character>) n -> Character.builder("",
                        Skeleton.builder(n).build()).build()),
                Arguments.of("bone 0 name", bone),
                Arguments.of("part name", (Function<String, Character>) n -> Character.builder("",
                        Skeleton.builder("").build()).addPart(Part.of(n, triangle("m"))).build()),
                Arguments.of("part 'prop': mesh name", (Function<String, Character>) n -> rigid(triangle(n))),
                Arguments.of("part 'prop': morph target 0 name",
                        (Function<String, Character>) n -> rigid(triangle("m").toBuilder()
                                .addMorphTarget(MorphTarget.of(n, new float[9], null, null)).build())),
                Arguments.of("material name", (Function<String, Character>) n -> rigid(triangle("m").toBuilder()
                        .clearMaterials().addMaterial(Material.builder(n).build()).build())),
                Arguments.of("image name", (Function<String, Character>) n -> textured(Image.of(n, "image/png",
                        SyntheticAssets.png(1)))),
                Arguments.of("image 'i' mimeType", (Function<String, Character>) n -> textured(Image.of("i",
                        "image/" + n, SyntheticAssets.png(1)))),
                Arguments.of("clip name", (Function<String, Character>) n -> Character.builder("",
                        skeleton("", "b")).addClip(AnimationClip.of(n,
                                List.of(BoneChannel.of("b", ChannelPath.SCALE, Interpolation.STEP, new float[] {0},
                                        new float[] {1, 1, 1})))).build()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unpairedSurrogates")
    void unpairedSurrogatesAreRejected(String element, Function<String, Character> asset) {
        String value = element.equals("image 'i' mimeType") ? "image/" + LONE_ESCAPED : LONE_ESCAPED;
        int at = element.equals("image 'i' mimeType") ? 7 : 1;
        assertThatThrownBy(() -> GltfWriter.toGlb(asset.apply(LONE))).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriter: " + element + " '" + value + "' has an unpaired surrogate \\ud800 at char "
                        + at + ", expected well-formed UTF-16 (glTF JSON is UTF-8)");
        assertThat(GltfWriter.toGlb(asset.apply("a\ud83d\ude00b"))).as("a surrogate pair is fine").isNotEmpty();
    }

    @Test
    void anUnpairedSurrogateInTheGeneratorIsRejected() {
        Character a = rigid(triangle("m"));
        assertThatThrownBy(() -> GltfWriter.toGlb(a, GltfWriteOptions.DEFAULTS.withGenerator("x\udc00")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriter: GltfWriteOptions generator 'x\\udc00' has an unpaired surrogate \\udc00 at "
                        + "char 1, expected well-formed UTF-16 (glTF JSON is UTF-8)");
    }

    @Test
    void aPartWithoutTrianglesIsRejected() {
        Character a = rigid(Mesh.builder("e").positions(new float[3]).build());
        assertThatThrownBy(() -> GltfWriter.toGlb(a)).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriter: part 'prop': mesh 'e' has no triangles, expected at least one non-empty "
                        + "submesh");
    }

    /** A skinned part's transform is baked into its vertices; one that overflows them cannot be written. */
    @Test
    void aSkinnedPartWhoseTransformOverflowsItsVerticesIsRejected() {
        Character ok = skinnedTriangle();
        Part body = ok.parts().get(0);
        Character a = ok.withParts(List.of(Part.of("Body", body.mesh(), null, new Matrix4f().scaling(Float.MAX_VALUE).translate(1, 1, 1))));
        assertThatThrownBy(() -> GltfWriter.toGlb(a)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("mesh 'body'").hasMessageContaining("Infinity");
    }

    /** glTF-Validator: SKIN_NO_COMMON_ROOT is an error, so such a palette cannot be written. */
    @Test
    void aPaletteUnderTwoRootBonesIsRejected() {
        Skeleton.Builder sb = Skeleton.builder("two");
        sb.addBone("r1", Skeleton.NO_PARENT);
        sb.addBone("r2", Skeleton.NO_PARENT);
        sb.addBone("c1", 0);
        float[] ibm = new float[32];
        new Matrix4f().get(ibm, 0);
        new Matrix4f().get(ibm, 16);
        Mesh m = triangle("m").toBuilder().skin(Skin.of(new String[] {"c1", "r2"}, ibm, BoneWeights.of(4,
                new int[] {0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}, new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0})))
                .build();
        Skeleton two = sb.build();
        Character a = Character.builder(two.name(), two).addPart(Part.of("m", m)).build();
        assertThatThrownBy(() -> GltfWriter.toGlb(a)).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriter: part 'm': palette bones 'c1' and 'r2' lie under different root "
                        + "bones ('r1', 'r2'), expected one root: glTF requires the joints of a skin to have a common "
                        + "root");
    }

    @Test
    void anImageWithoutBytesIsRejected() {
        Character a = textured(Image.of("empty.png", "image/png", new byte[0]));
        assertThatThrownBy(() -> GltfWriter.toGlb(a)).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriter: material 'paint': baseColor texture: image 'empty.png' has no bytes, "
                        + "expected an encoded image (a glTF buffer view holds at least one byte)");
    }

    /** Each limit falls inside a different section of {@link #skinnedTriangle()}'s BIN chunk. */
    @ParameterizedTest(name = "limit {0}")
    @MethodSource("binLimits")
    void theBinChunkLimitNamesTheElementThatPassesIt(long limit, String element, long end) {
        Character a = skinnedTriangle();
        assertThat(Exporter.export(a, GltfWriteOptions.DEFAULTS).bin().size()).isEqualTo(200);
        assertThatThrownBy(() -> Exporter.export(a, GltfWriteOptions.DEFAULTS,
                new Exporter.Limits(limit, Exporter.MAX_BIN_BYTES))).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriter: " + element + ": the BIN chunk would grow to " + end + " bytes, more than the "
                        + limit + " one GLB buffer can hold");
        assertThat(Exporter.export(a, GltfWriteOptions.DEFAULTS, new Exporter.Limits(200, Exporter.MAX_BIN_BYTES))
                .bin().size()).as("exactly at the limit is fine").isEqualTo(200);
    }

    static Stream<Arguments> binLimits() {
        return Stream.of(
                Arguments.of(32L, "part 'Body': mesh 'body' POSITION", 36L),
                Arguments.of(44L, "part 'Body': mesh 'body' JOINTS_0", 48L),
                Arguments.of(92L, "part 'Body': mesh 'body' WEIGHTS_0", 96L),
                Arguments.of(100L, "part 'Body': mesh 'body' submesh 0 indices", 102L),
                Arguments.of(164L, "part 'Body': skin inverse bind matrices", 168L),
                Arguments.of(188L, "clip 'walk' channel 'b0' translation output", 192L),
                Arguments.of(196L, "clip 'walk' channel 'b0' translation input", 200L));
    }

    @Test
    void theImageSectionNamesTheImage() {
        byte[] png = SyntheticAssets.png(7);
        Character a = textured(Image.of("skin.png", "image/png", png));
        Exporter.Exported full = Exporter.export(a, GltfWriteOptions.DEFAULTS);
        long before = full.bin().size() - ((png.length + 3) & ~3);
        assertThatThrownBy(() -> Exporter.export(a, GltfWriteOptions.DEFAULTS,
                new Exporter.Limits(before, Exporter.MAX_BIN_BYTES))).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriter: material 'paint': baseColor texture: image 'skin.png': the BIN chunk would "
                        + "grow to " + (before + png.length) + " bytes, more than the " + before
                        + " one GLB buffer can hold");
    }

    @Test
    void theFileLimitIsCheckedAfterTheJson() {
        Character a = skinnedTriangle();
        Exporter.Exported full = Exporter.export(a, GltfWriteOptions.DEFAULTS);
        long length = full.fileLength();
        assertThatThrownBy(() -> Exporter.export(a, GltfWriteOptions.DEFAULTS,
                new Exporter.Limits(Exporter.MAX_BIN_BYTES, length - 1))).isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriter: the GLB file would have " + length + " bytes (JSON " + full.json().length
                        + ", BIN 200), more than the " + (length - 1) + " its header can state");
        assertThat(Exporter.export(a, GltfWriteOptions.DEFAULTS, new Exporter.Limits(Exporter.MAX_BIN_BYTES, length))
                .fileLength()).isEqualTo(length);
    }

    @Test
    void toGlbRefusesFilesLargerThanAnArray() {
        Character a = skinnedTriangle();
        int length = GltfWriter.toGlb(a).length;
        assertThatThrownBy(() -> GltfWriter.toGlb(a, GltfWriteOptions.DEFAULTS, length - 1))
                .isInstanceOf(ValidationException.class)
                .hasMessage("GltfWriter.toGlb: the GLB file would have " + length + " bytes, more than the "
                        + (length - 1) + " a byte array holds; write it to a stream or a file instead");
        assertThat(GltfWriter.toGlb(a, GltfWriteOptions.DEFAULTS, length)).hasSize(length);
    }

    @Test
    void aRejectedAssetWritesNothingToTheStream() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Character a = textured(Image.of("empty.png", "image/png", new byte[0]));
        assertThatThrownBy(() -> GltfWriter.writeGlb(a, out)).isInstanceOf(ValidationException.class);
        assertThat(out.size()).isZero();
    }
}
