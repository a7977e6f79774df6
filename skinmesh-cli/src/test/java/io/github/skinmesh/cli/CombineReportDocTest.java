package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The combine report document ({@code docs/combine.md}) and the {@code --report} JSON agree: every
 * field the report holds is documented, and every documented field occurs in the reports of the
 * testkit's humanoid and of two parts binding one bone differently (the fields of {@code moves[]},
 * which the command line never fills, only as the array).
 */
class CombineReportDocTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path DOC = Path.of("..", "docs", "combine.md");

    @TempDir
    Path tmp;

    private static String doc() throws IOException {
        assertThat(DOC).as("the combine report document, beside the modules").isRegularFile();
        return Files.readString(DOC);
    }

    private JsonNode report(String name, Path... parts) throws IOException {
        return report(name, false, parts);
    }

    private JsonNode report(String name, boolean atlas, Path... parts) throws IOException {
        Path report = tmp.resolve(name + ".json");
        Object[] args = new Object[parts.length + (atlas ? 6 : 5)];
        args[0] = "combine";
        System.arraycopy(parts, 0, args, 1, parts.length);
        args[parts.length + 1] = "--out";
        args[parts.length + 2] = tmp.resolve(name + ".combined.glb");
        args[parts.length + 3] = "--report";
        args[parts.length + 4] = report;
        if (atlas) {
            args[parts.length + 5] = "--atlas";
        }
        Cli.run(args).assertOk();
        return MAPPER.readTree(report.toFile());
    }

    /** A file whose one part has a triangle on bone 'head', bound with {@code bind}. */
    private Path headPart(String name, Matrix4f bind) throws IOException {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("head", b.addBone("root", Skeleton.NO_PARENT));
        Mesh m = Mesh.builder(name).positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .skin(Skin.of(new String[] {"head"}, bind.get(new float[16]),
                        BoneWeights.of(1, new int[3], new float[] {1, 1, 1})))
                .build();
        Path file = tmp.resolve(name + ".glb");
        GltfWriter.writeGlb(Character.builder(name, b.build()).addPart(Part.of(name, m)).build(), file);
        return file;
    }

    @Test
    void theDocumentedVersionIsTheCommandsVersion() throws IOException {
        assertThat(doc()).contains("this page describes version **" + CombineCommand.REPORT_FORMAT_VERSION + "**")
                .contains("## Schema (formatVersion " + CombineCommand.REPORT_FORMAT_VERSION + ")");
    }

    @Test
    void everyFieldIsDocumentedAndEveryDocumentedFieldOccurs() throws IOException {
        Path humanoid = tmp.resolve("humanoid.glb");
        GltfWriter.writeGlb(Humanoids.generate(3).character(), humanoid);
        Set<String> output = new TreeSet<>();
        JsonNode h = report("humanoid", humanoid);
        assertThat(h.get("warnings")).isNotEmpty();
        DocFields.paths(h, output);
        JsonNode bound = report("bound", headPart("hat", new Matrix4f()),
                headPart("helmet", new Matrix4f().translation(0, -1, 0)));
        assertThat(bound.get("bindCorrections")).hasSize(1);
        DocFields.paths(bound, output);
        // with --atlas, a humanoid whose trousers tile twice: the atlas object with a baked repeat
        JsonNode atlased = report("atlased", true, CombineCommandTest.tiledHumanoid(tmp.resolve("tiled.glb")));
        assertThat(atlased.get("atlas").get("tiling")).hasSize(1);
        DocFields.paths(atlased, output);

        String doc = doc();
        Set<String> documented = DocFields.documented(doc.substring(doc.indexOf("\n## Schema")));
        assertThat(documented).as("documented fields").containsAll(output);
        Set<String> occurring = new TreeSet<>(output);
        documented.stream().filter(f -> f.startsWith("moves[].")).forEach(occurring::add);
        assertThat(occurring).as("fields that occur in the reports").containsAll(documented);
    }

}
