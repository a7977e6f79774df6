package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code skinmesh demo}: the files it lists exist, re-import and have the documented sizes; two runs agree byte for byte. */
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

    @Test
    void twoRunsWriteIdenticalFiles() throws IOException {
        List<Path> files = Cli.files(first);
        assertThat(Cli.files(second)).isEqualTo(files);
        for (Path f : files) {
            assertThat(Files.readAllBytes(second.resolve(f))).as("%s", f).isEqualTo(Files.readAllBytes(first.resolve(f)));
        }
    }

    @Test
    void quietPrintsOnlyTheFiles() {
        Cli.Run quiet = Cli.run("demo", "--out", tmp.resolve("third"), "--quiet").assertOk();
        assertThat(quiet.out()).startsWith("files written:");
        assertThat(quiet.err()).isEmpty();
    }
}
