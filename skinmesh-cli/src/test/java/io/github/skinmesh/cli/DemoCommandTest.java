package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code skinmesh demo}: the files it lists exist, re-import and have the documented sizes; each raw file
 * read through the JSON beside it gives the poser's values; the preview shows each pose where it
 * projects; two runs agree byte for byte.
 */
class DemoCommandTest {
    /** Bytes of one bone's 3x4 float palette entry. */
    static final int FLOAT_PALETTE_BYTES = 48;
    /** Bytes of one bone's 3x4 half-float palette entry. */
    static final int HALF_PALETTE_BYTES = 24;

    @TempDir
    static Path tmp;
    static Path first;
    static Path second;
    static Cli.Run run;
    static GltfAsset character;

    @BeforeAll
    static void runTwice() throws IOException {
        first = tmp.resolve("first");
        second = tmp.resolve("second");
        run = Cli.run("demo", "--out", first);
        Cli.run("demo", "--out", second, "--quiet").assertOk();
        character = GltfReader.read(first.resolve("humanoid.glb"));
    }

    static List<Path> listed() {
        List<String> lines = run.out().lines().toList();
        int header = lines.indexOf("files written:");
        assertThat(header).as("stdout lists the files written:%n%s", run.out()).isNotNegative();
        List<Path> files = new ArrayList<>();
        for (String line : lines.subList(header + 1, lines.size())) {
            if (!line.isBlank()) {
                files.add(Path.of(line.strip()));
            }
        }
        return files;
    }

    @Test
    void exitsZeroAndReportsTheCharacter() {
        run.assertOk();
        assertThat(run.err()).as("nothing but the kernel notice").isEqualTo(ScalarKernelNoticeTest.expectedNotice("demo"));
        assertThat(run.out()).contains("skeleton: 53 bones").contains("walk").contains("idle")
                .containsPattern("total +[0-9]+ +[0-9]+ +53 +6 +[0-9]+ +0 +0");
    }

    @Test
    void listsEveryFileItWroteAndNothingElse() throws IOException {
        List<Path> listed = listed();
        assertThat(listed).isNotEmpty();
        for (Path p : listed) {
            assertThat(p).as("listed file").isRegularFile();
            assertThat(Files.size(p)).as("%s size", p).isPositive();
        }
        assertThat(listed.stream().map(first::relativize).sorted().toList()).isEqualTo(Cli.files(first));
    }

    @Test
    void theCombinedMeshIsPartitionedAt24BonesInBothModes() {
        Matcher m = Pattern.compile("greedy \\(LayaAir exporter\\) +(\\d+) +(\\d+) +\\d+ +(\\d+)\\s+optimized +(\\d+) +(\\d+) +\\d+ +(\\d+)")
                .matcher(run.out());
        assertThat(run.out()).contains("partition: the combined mesh in draws of at most 24 bones");
        assertThat(m.find()).as(run.out()).isTrue();
        int greedyDraws = Integer.parseInt(m.group(1));
        int greedyDuplicates = Integer.parseInt(m.group(2));
        assertThat(Integer.parseInt(m.group(4))).isLessThanOrEqualTo(greedyDraws);
        assertThat(2 * Integer.parseInt(m.group(5))).isLessThanOrEqualTo(greedyDuplicates);
        assertThat(Integer.parseInt(m.group(3))).isLessThanOrEqualTo(24);
        assertThat(Integer.parseInt(m.group(6))).isLessThanOrEqualTo(24);
    }

    @Test
    void theCombinedPartitionedMeshIsWrittenAsLm() throws IOException {
        Matcher m = Pattern.compile("optimized +(\\d+) +\\d+ +(\\d+) +\\d+").matcher(run.out());
        assertThat(m.find()).as(run.out()).isTrue();
        int draws = Integer.parseInt(m.group(1));
        int vertices = Integer.parseInt(m.group(2));
        Path lm = first.resolve(DemoCommand.COMBINED_LM);
        assertThat(run.out()).contains("lm: the optimized draws as LayaAir LAYAMODEL:0501 (humanoid.combined.lm): "
                + vertices + " vertices, " + draws + " draws, 16-bit indices, " + Files.size(lm) + " bytes");
        io.github.skinmesh.laya.LmReadResult back = io.github.skinmesh.laya.LayaModels.read(lm,
                io.github.skinmesh.laya.LmReadOptions.DEFAULTS.withConvention(io.github.skinmesh.laya.LmConvention.GLTF));
        Mesh mesh = back.mesh();
        Mesh combined = GltfReader.read(first.resolve(DemoCommand.COMBINED_GLB)).parts().get(0).mesh();
        assertThat(mesh.vertexCount()).isEqualTo(vertices);
        assertThat(mesh.indexCount()).isEqualTo(combined.indexCount());
        assertThat(mesh.submeshes()).hasSize(combined.submeshes().size());
        assertThat(mesh.skin().paletteSize()).isEqualTo(53);
        int seen = 0;
        for (var sub : mesh.submeshes()) {
            for (var d : sub.draws()) {
                assertThat(d.paletteEntryCount()).isLessThanOrEqualTo(24);
                seen++;
            }
        }
        assertThat(seen).isEqualTo(draws);
    }

    @Test
    void theCombinedMeshIsReducedTo24BonesWithAMeasuredError() {
        Matcher m = Pattern.compile("reduce: the combined mesh from (\\d+) to (\\d+) bones with weight \\(crowd level of"
                + " detail, one draw of 24\\): max error ([0-9.]+), RMS ([0-9.]+) model units over (\\d+) sampled poses")
                .matcher(run.out());
        assertThat(m.find()).as(run.out()).isTrue();
        assertThat(Integer.parseInt(m.group(1))).isEqualTo(53);
        assertThat(Integer.parseInt(m.group(2))).isBetween(1, 24);
        double max = Double.parseDouble(m.group(3));
        double rms = Double.parseDouble(m.group(4));
        assertThat(max).isPositive().isLessThan(0.5);
        assertThat(rms).isPositive().isLessThanOrEqualTo(max);
        assertThat(Integer.parseInt(m.group(5))).isPositive();
    }

    @Test
    void theCombinedCharacterIsOneSkinnedMeshPosingLikeTheSixParts() throws IOException {
        assertThat(run.out()).contains("combine: 6 parts -> 1 skinned mesh (humanoid.combined.glb): draw calls 6 -> 6"
                + " (one per material), vertices 9555 -> 9555, bones 67 -> 53");
        // the before/after table of CLI.md: draw calls, vertices, bones, texture bytes, errors
        assertThat(run.out()).contains("""
                                 draw calls  vertices  bones  texture bytes  errors
                before: 6 parts           6      9555     67          28880       0
                after: combined           6      9555     53          28880       0
                """);
        GltfAsset combined = GltfReader.read(first.resolve("humanoid.combined.glb"));
        assertThat(combined.parts()).hasSize(1);
        assertThat(combined.parts().get(0).mesh().vertexCount()).isEqualTo(9555);
        assertThat(combined.parts().get(0).mesh().submeshes()).hasSize(6);
        assertThat(combined.parts().get(0).mesh().skin().paletteSize()).isEqualTo(53);
        assertThat(combined.clips()).extracting(AnimationClip::name).containsExactly("walk", "idle");
        // posed at the walk's middle, the combined mesh's bounds are the six parts' bounds
        AnimationClip walk = combined.clips().get(0);
        float t = walk.duration() / 2;
        io.github.skinmesh.gltf.AssetPoser separate = io.github.skinmesh.gltf.AssetPoser.bind(character);
        io.github.skinmesh.gltf.AssetPoser joined = io.github.skinmesh.gltf.AssetPoser.bind(combined);
        assertThat(joined.vertexCount()).isEqualTo(separate.vertexCount()).isEqualTo(9555);
        Bounds parts = Bounds.of(separate.poseInto(character.clips().get(0), t, io.github.skinmesh.gltf.PoseSpace.WORLD,
                new float[3 * 9555], 0), 0, 9555);
        Bounds one = Bounds.of(joined.poseInto(walk, t, io.github.skinmesh.gltf.PoseSpace.WORLD, new float[3 * 9555], 0),
                0, 9555);
        assertThat(one.minX()).isCloseTo(parts.minX(), org.assertj.core.data.Offset.offset(1e-5f));
        assertThat(one.maxY()).isCloseTo(parts.maxY(), org.assertj.core.data.Offset.offset(1e-5f));
        assertThat(one.maxZ()).isCloseTo(parts.maxZ(), org.assertj.core.data.Offset.offset(1e-5f));
    }

    @Test
    void theAtlasMergesTheOpaquePartsIntoOneDrawCall() throws IOException {
        assertThat(run.out()).contains("atlas: 5 materials merged into 1 page (atlas/atlas0.baseColor.png ")
                .contains("draw calls 6 -> 2 (humanoid.atlas.glb)")
                .containsPattern("after: atlas +2 +9555 +53 +[0-9]+ +0");
        Path page = first.resolve("atlas").resolve("atlas0.baseColor.png");
        assertThat(listed()).contains(page);
        GltfAsset atlased = GltfReader.read(first.resolve("humanoid.atlas.glb"));
        assertThat(atlased.warnings()).isEmpty();
        Mesh mesh = atlased.parts().get(0).mesh();
        assertThat(mesh.submeshes()).hasSize(2);
        assertThat(mesh.materials().get(0).texture("baseColor").image().data()).isEqualTo(Files.readAllBytes(page));
        assertThat(Files.readAllBytes(second.resolve("atlas").resolve("atlas0.baseColor.png")))
                .isEqualTo(Files.readAllBytes(page));
    }

    @Test
    void theGlbReimportsAsTheCharacter() {
        assertThat(character.character().skinnedParts()).hasSize(6);
        assertThat(character.character().name()).isEqualTo("humanoid");
        assertThat(character.clips()).hasSize(2);
        assertThat(character.clips()).extracting(AnimationClip::name).containsExactly("walk", "idle");
        assertThat(character.skeleton().boneCount()).isEqualTo(53);
        assertThat(character.warnings()).isEmpty();
    }

    @Test
    void thePositionsHoldTwelveBytesPerVertex() throws IOException {
        long vertices = character.character().vertexCount();
        List<Path> positions = listed().stream().filter(p -> p.getFileName().toString().endsWith(".positions.bin"))
                .toList();
        assertThat(positions).hasSize(1);
        assertThat(Files.size(positions.get(0))).isEqualTo(12L * vertices);
    }

    @Test
    void thePalettesHoldOneEntryPerBonePerFrame() throws IOException {
        AnimationClip walk = character.clips().get(0);
        long frames = (long) Math.ceil(walk.duration() * DemoCommand.FPS) + 1;
        int bones = character.skeleton().boneCount();
        assertThat(run.out()).contains("bone palettes: " + frames + " frames x " + bones + " bones");
        assertThat(Files.size(first.resolve("walk.palette3x4.f32.bin"))).isEqualTo(frames * bones * FLOAT_PALETTE_BYTES);
        assertThat(Files.size(first.resolve("walk.palette3x4.f16.bin"))).isEqualTo(frames * bones * HALF_PALETTE_BYTES);
    }

    // ---------------------------------------------------------------- the layouts beside the raw files

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** @return the JSON beside a raw file */
    static JsonNode layoutOf(Path bin) throws IOException {
        String name = bin.getFileName().toString();
        assertThat(name).endsWith(".bin");
        Path json = bin.resolveSibling(name.substring(0, name.length() - 4) + ".json");
        assertThat(json).as("the layout beside %s", bin).isRegularFile();
        return MAPPER.readTree(json.toFile());
    }

    @Test
    void everyRawFileHasItsLayoutBesideIt() throws IOException {
        List<Path> bins = listed().stream().filter(p -> p.getFileName().toString().endsWith(".bin")).toList();
        assertThat(bins).hasSize(3);
        for (Path bin : bins) {
            JsonNode j = layoutOf(bin);
            assertThat(j.get("file").asText()).isEqualTo(bin.getFileName().toString());
            assertThat(j.get("byteLength").asLong()).as("%s", bin).isEqualTo(Files.size(bin));
            assertThat(j.get("byteOrder").asText()).isEqualTo("little-endian");
            assertThat(j.get("formatVersion").asInt()).isEqualTo(1);
            assertThat(listed()).contains(bin.resolveSibling(bin.getFileName().toString().replace(".bin", ".json")));
        }
    }

    /** The positions file read through its layout: each part's vertices are the poser's at the stated time. */
    @Test
    void thePositionsReadThroughTheirLayoutAreThePosersPositions() throws IOException {
        Path bin = listed().stream().filter(p -> p.getFileName().toString().endsWith(".positions.bin")).findFirst()
                .orElseThrow();
        JsonNode j = layoutOf(bin);
        assertThat(j.get("encoding").asText()).isEqualTo("float32");
        assertThat(j.get("clip").asText()).isEqualTo("walk");
        Humanoid h = Humanoids.generate(1);
        CharacterPoser poser = CharacterPoser.bind(h.character(), h.walk());
        PosedVertices posed = poser.newOutput();
        poser.poseInto(j.get("time").floatValue(), posed);
        ByteBuffer data = ByteBuffer.wrap(Files.readAllBytes(bin)).order(ByteOrder.LITTLE_ENDIAN);
        JsonNode parts = j.get("parts");
        assertThat(parts).hasSize(h.parts().size());
        long total = 0;
        for (int p = 0; p < parts.size(); p++) {
            JsonNode part = parts.get(p);
            assertThat(part.get("name").asText()).isEqualTo(character.parts().get(p).name())
                    .isEqualTo(h.parts().get(p).name());
            int n = part.get("vertexCount").asInt();
            assertThat(part.get("firstVertex").asLong()).isEqualTo(total);
            assertThat(part.get("byteOffset").asLong()).isEqualTo(12 * total);
            assertThat(part.get("byteLength").asLong()).isEqualTo(12L * n);
            float[] expected = posed.positions(p);
            assertThat(expected).hasSize(3 * n);
            int at = part.get("byteOffset").asInt();
            for (int i = 0; i < 3 * n; i++) {
                assertThat(data.getFloat(at + 4 * i)).as("part %d value %d", p, i).isEqualTo(expected[i]);
            }
            total += n;
        }
        assertThat(j.get("vertexCount").asLong()).isEqualTo(total);
    }

    /** Largest distance of a vertex skinned with the half palette from the poser's, in metres (measured: 0.60 mm). */
    static final float HALF_PALETTE_TOLERANCE = 2e-3f;
    /** Largest distance with the float palette, metres (measured: 0.39 micrometres; the poser sums in float). */
    static final float FLOAT_PALETTE_TOLERANCE = 1e-5f;

    /**
     * Each palette read through its layout (frames, bones by name, 3x4 rows, frame times) skins every
     * part's vertices to the poser's positions at that frame's time.
     */
    @Test
    void thePalettesReadThroughTheirLayoutSkinLikeThePoser() throws IOException {
        Humanoid h = Humanoids.generate(1);
        Skeleton skeleton = h.skeleton();
        CharacterPoser poser = CharacterPoser.bind(h.character(), h.walk());
        PosedVertices posed = poser.newOutput();
        for (boolean half : new boolean[] {false, true}) {
            Path bin = first.resolve((half ? DemoCommand.PALETTE_HALF : DemoCommand.PALETTE_FLOAT) + ".bin");
            JsonNode j = layoutOf(bin);
            assertThat(j.get("encoding").asText()).startsWith(half ? "float16" : "float32");
            int frames = j.get("frames").asInt();
            int bones = j.get("boneCount").asInt();
            int bytesPerValue = j.get("bytesPerValue").asInt();
            assertThat(bytesPerValue).isEqualTo(half ? 2 : 4);
            assertThat(j.get("valuesPerBone").asInt()).isEqualTo(12);
            assertThat(j.get("bytesPerBone").asInt()).isEqualTo(12 * bytesPerValue);
            assertThat(j.get("fps").asInt()).isEqualTo(DemoCommand.FPS);
            assertThat(j.get("frameTimes")).hasSize(frames);
            assertThat(j.get("bones")).hasSize(bones);
            for (int b = 0; b < bones; b++) {
                assertThat(j.get("bones").get(b).get("name").asText()).isEqualTo(skeleton.boneName(b));
                assertThat(j.get("bones").get(b).get("parent").asInt()).isEqualTo(skeleton.parent(b));
            }
            ByteBuffer data = ByteBuffer.wrap(Files.readAllBytes(bin)).order(ByteOrder.LITTLE_ENDIAN);
            float worst = 0;
            float[][] palette = new float[bones][12];
            for (int f = 0; f < frames; f++) {
                float t = j.get("frameTimes").get(f).floatValue();
                assertThat(t).isEqualTo(Math.min(f / (float) DemoCommand.FPS, h.walk().duration()));
                for (int b = 0; b < bones; b++) {
                    for (int k = 0; k < 12; k++) {
                        int at = ((f * bones + b) * 12 + k) * bytesPerValue;
                        palette[b][k] = half ? halfToFloat(data.getShort(at)) : data.getFloat(at);
                    }
                }
                poser.poseInto(t, posed);
                for (int p = 0; p < h.parts().size(); p++) {
                    worst = Math.max(worst, skinWith(palette, skeleton, h.parts().get(p), posed.positions(p)));
                }
            }
            assertThat(worst).as("%s: worst vertex distance", bin.getFileName())
                    .isLessThanOrEqualTo(half ? HALF_PALETTE_TOLERANCE : FLOAT_PALETTE_TOLERANCE);
        }
    }

    /** IEEE 754 binary16 to float: sign, 5 exponent bits (bias 15), 10 fraction bits. */
    static float halfToFloat(short bits) {
        int h = bits & 0xFFFF;
        float sign = (h & 0x8000) != 0 ? -1f : 1f;
        int exponent = (h >>> 10) & 0x1F;
        int fraction = h & 0x3FF;
        if (exponent == 0x1F) {
            return fraction == 0 ? sign * Float.POSITIVE_INFINITY : Float.NaN;
        }
        if (exponent == 0) {
            return sign * fraction * 0x1p-24f;
        }
        return sign * (1 + fraction / 1024f) * (float) Math.pow(2, exponent - 15);
    }

    /** @return the largest distance between {@code expected} and the part's vertices skinned by the palette rows */
    private static float skinWith(float[][] palette, Skeleton skeleton, Mesh mesh, float[] expected) {
        Skin skin = mesh.skin();
        BoneWeights w = skin.weights();
        float[] p = mesh.positions();
        float worst = 0;
        for (int v = 0; v < mesh.vertexCount(); v++) {
            double[] out = new double[3];
            double sum = 0;
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                sum += w.weight(v, k);
            }
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                float[] m = palette[skeleton.requireIndex(skin.boneName(w.joint(v, k)))];
                double weight = w.weight(v, k) / sum;
                for (int r = 0; r < 3; r++) {
                    out[r] += weight * (m[4 * r] * p[3 * v] + m[4 * r + 1] * p[3 * v + 1] + m[4 * r + 2] * p[3 * v + 2]
                            + m[4 * r + 3]);
                }
            }
            double dx = out[0] - expected[3 * v];
            double dy = out[1] - expected[3 * v + 1];
            double dz = out[2] - expected[3 * v + 2];
            worst = Math.max(worst, (float) Math.sqrt(dx * dx + dy * dy + dz * dz));
        }
        return worst;
    }

    // ---------------------------------------------------------------- the preview

    @Test
    void thePreviewHasTheDocumentedSizeAndIsSaid() throws IOException {
        Path png = first.resolve(DemoCommand.PREVIEW);
        assertThat(listed()).contains(png);
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(WalkPreview.PANELS * WalkPreview.PANEL_WIDTH).isEqualTo(960);
        assertThat(img.getHeight()).isEqualTo(WalkPreview.HEIGHT).isEqualTo(280);
        assertThat(run.out()).contains("walk.preview.png: 6 phases of walk side by side, seen from the character's right (960x280).")
                .contains("humanoid.glb opens in any glTF viewer: drag it into a web viewer such as the Khronos glTF "
                        + "Sample Viewer or the three.js editor.");
    }

    /**
     * In each panel, the figure covers a good part of the box its pose projects to (projected here from
     * the poser's bounds with the documented view), and nothing but the ground line is drawn outside the
     * boxes.
     */
    @Test
    void thePreviewDrawsEachPoseWhereItsBoundsProject() throws IOException {
        BufferedImage img = ImageIO.read(first.resolve(DemoCommand.PREVIEW).toFile());
        Humanoid h = Humanoids.generate(1);
        CharacterPoser poser = CharacterPoser.bind(h.character(), h.walk());
        PosedVertices posed = poser.newOutput();
        Bounds[] frames = new Bounds[WalkPreview.PANELS];
        Bounds all = Bounds.EMPTY;
        float longest = 0;
        for (int k = 0; k < frames.length; k++) {
            poser.poseInto(k * h.walk().duration() / WalkPreview.PANELS, posed);
            frames[k] = posed.bounds();
            all = all.union(frames[k]);
            longest = Math.max(longest, frames[k].maxZ() - frames[k].minZ());
        }
        int m = WalkPreview.MARGIN;
        int height = WalkPreview.HEIGHT;
        int panel = WalkPreview.PANEL_WIDTH;
        float scale = Math.min((height - 2f * m) / (all.maxY() - all.minY()), (panel - 2f * m) / longest);
        int ground = height - m;
        boolean[][] inside = new boolean[img.getWidth()][height];
        for (int k = 0; k < frames.length; k++) {
            Bounds b = frames[k];
            float center = k * panel + panel / 2f;
            int x0 = (int) Math.floor(center - (b.maxZ() - b.minZ()) / 2 * scale) - 1;
            int x1 = (int) Math.ceil(center + (b.maxZ() - b.minZ()) / 2 * scale) + 1;
            int y0 = (int) Math.floor(ground - (b.maxY() - all.minY()) * scale) - 1;
            int y1 = (int) Math.ceil(ground - (b.minY() - all.minY()) * scale) + 1;
            assertThat(x0).as("panel %d left", k).isGreaterThanOrEqualTo(k * panel);
            assertThat(x1).as("panel %d right", k).isLessThanOrEqualTo((k + 1) * panel);
            int drawn = 0;
            int area = 0;
            for (int x = x0; x < x1; x++) {
                for (int y = Math.max(0, y0); y < Math.min(height, y1); y++) {
                    inside[x][y] = true;
                    area++;
                    drawn += rgb(img, x, y) != WalkPreview.BACKGROUND && y != ground ? 1 : 0;
                }
            }
            assertThat(drawn).as("panel %d: figure pixels in its %d-pixel box", k, area).isGreaterThan(area / 5);
        }
        for (int x = 0; x < img.getWidth(); x++) {
            for (int y = 0; y < height; y++) {
                if (!inside[x][y]) {
                    assertThat(rgb(img, x, y)).as("pixel (%d, %d) outside every figure", x, y)
                            .isEqualTo(y == ground ? WalkPreview.GROUND : WalkPreview.BACKGROUND);
                }
            }
        }
    }

    private static int rgb(BufferedImage img, int x, int y) {
        return img.getRGB(x, y) & 0xFFFFFF;
    }

    // ---------------------------------------------------------------- the animation textures

    @Test
    void theWalkIsBakedBothWaysAndEachTextureDecodesToSkinning() throws IOException {
        Path vat = first.resolve(DemoCommand.VAT_DIR);
        Path bones = first.resolve(DemoCommand.BONES_DIR);
        assertThat(listed()).contains(vat.resolve("positions.png"), vat.resolve("normals.png"),
                vat.resolve("manifest.json"), bones.resolve("bones.exr"), bones.resolve("manifest.json"));
        BakedFiles.Vertices combined = new BakedFiles.Vertices(first.resolve(DemoCommand.COMBINED_GLB));
        BakedFiles v = BakedFiles.read(vat);
        assertThat(v.encoding).isEqualTo("unorm16");
        assertThat(v.files).containsOnlyKeys("positions", "normals");
        assertThat(v.rowsPerFrame).as("9555 vertices in rows of at most 1024").isEqualTo(10);
        assertThat(v.width).as("the narrowest width of 10 rows that holds them").isEqualTo(956);
        assertThat(v.manifest.at("/clips/0/name").textValue()).isEqualTo("walk");
        assertThat(v.manifest.at("/clips/0/frames").intValue()).isEqualTo(32);
        BakedFiles.Measured vm = v.checkVertices(combined);
        assertThat(vm.maxError()).as("unorm16 on a 1.7 m character: well under a millimetre").isLessThan(1e-4);
        BakedFiles b = BakedFiles.read(bones);
        assertThat(b.encoding).isEqualTo("half");
        assertThat(b.elementCount).isEqualTo(53);
        BakedFiles.Measured bm = b.checkBones(combined);
        assertThat(bm.maxError()).isLessThan(1e-3);

        for (String[] row : new String[][] {{"vat", "positions.png", "positions", "956x320", "unorm16 png"},
            {"vat", "normals.png", "normals", "956x320", "unorm16 png"}, {"bones", "bones.exr", "bones", "159x32",
                "half exr"}}) {
            long bytes = Files.size(first.resolve(row[0]).resolve(row[1]));
            assertThat(run.out()).containsPattern(Pattern.quote(row[0] + "/" + row[1]) + " +" + row[2] + " +" + row[3]
                    + " +" + row[4] + " +" + bytes + " ");
        }
        assertThat(run.out()).contains("animation textures: walk baked for GPU crowds, 32 frames at 30 fps (the last at "
                + "1.033 s), 9555 vertices and 53 palette bones of the combined mesh")
                .containsPattern("vat/positions.png .* " + Pattern.quote(AnimationTextures.number(
                        v.manifest.get("maxError").doubleValue())) + " ");
    }

    @Test
    void eachTextureHasAPictureWithRowZeroAtTheTop() throws IOException {
        BakedFiles v = BakedFiles.read(first.resolve(DemoCommand.VAT_DIR));
        BufferedImage positions = ImageIO.read(first.resolve(DemoCommand.VAT_DIR).resolve(DemoCommand.POSITIONS_PREVIEW)
                .toFile());
        assertThat(positions.getWidth()).isEqualTo(956);
        assertThat(positions.getHeight()).isEqualTo(320);
        int[] px = new int[4];
        // the last frame's last row holds vertices 8604..9554 in columns 0..950
        for (int[] at : new int[][] {{0, 0}, {955, 0}, {5, 17}, {950, 319}}) {
            positions.getRaster().getPixel(at[0], at[1], px);
            for (int a = 0; a < 3; a++) {
                assertThat(px[a]).as("texel (%d, %d): its stored value, in 0..65535, to 0..255", at[0], at[1])
                        .isEqualTo((int) Math.round(v.stored("positions", at, a) / 65535 * 255));
            }
            assertThat(px[3]).isEqualTo(255);
        }
        positions.getRaster().getPixel(951, 319, px);
        assertThat(px[3]).as("after the last of the 9555 vertices of the last frame").isZero();
        BufferedImage normals = ImageIO.read(first.resolve(DemoCommand.VAT_DIR).resolve(DemoCommand.NORMALS_PREVIEW)
                .toFile());
        assertThat(new int[] {normals.getWidth(), normals.getHeight()}).containsExactly(956, 320);
        BufferedImage bones = ImageIO.read(first.resolve(DemoCommand.BONES_DIR).resolve(DemoCommand.BONES_PREVIEW)
                .toFile());
        assertThat(new int[] {bones.getWidth(), bones.getHeight()}).as("159x32 texels enlarged 4 times")
                .containsExactly(636, 128);
        assertThat(run.out()).contains("previews: vat/positions.preview.png and vat/normals.preview.png");
    }

    @Test
    void twoRunsWriteIdenticalFiles() throws IOException {
        List<Path> files = Cli.files(first);
        assertThat(Cli.files(second)).isEqualTo(files);
        for (Path f : files) {
            assertThat(Files.readAllBytes(second.resolve(f))).as("%s", f).isEqualTo(Files.readAllBytes(first.resolve(f)));
        }
    }

    @Test
    void theCrowdPageDrawsAThousandOfTheCombinedCharacter() throws IOException {
        Path crowd = first.resolve(DemoCommand.CROWD_DIR);
        assertThat(listed()).contains(crowd.resolve(Crowd.PAGE), crowd.resolve(Crowd.INSTANCES),
                crowd.resolve(Crowd.TEXTURE), crowd.resolve("manifest.json"));
        io.github.skinmesh.vat.VatManifest m = io.github.skinmesh.vat.VatFiles.read(crowd).manifest();
        assertThat(m.clips()).extracting(c -> c.name()).containsExactly("walk", "idle");
        assertThat(m.elementCount()).as("bones of the combined mesh's palette").isEqualTo(53);
        assertThat(CrowdFixtures.json(crowd.resolve(Crowd.INSTANCES)).get("count").asInt()).isEqualTo(1000);
        assertThat(CrowdFixtures.data(CrowdFixtures.page(crowd), "instances")).hasSize(64 * 1000);
        assertThat(run.out()).contains("crowd: 1000 instances of the combined mesh in one instanced WebGL 2 draw")
                .contains("crowd/index.html")
                .contains("a headless browser's screenshot needs a still frame, the page's #t= parameter:"
                        + " crowd/index.html#t=0.5 draws the crowd at 0.5 s as soon as it loads");
    }

    @Test
    void quietPrintsOnlyTheFiles() {
        Cli.Run quiet = Cli.run("demo", "--out", tmp.resolve("third"), "--quiet").assertOk();
        assertThat(quiet.out()).startsWith("files written:");
        assertThat(quiet.err()).isEmpty();
    }
}
