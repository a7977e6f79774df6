package io.github.skinmesh.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options {@code skinmesh vat} and {@code skinmesh bones-texture} share word for word: the input
 * file, the clips, the rate and {@code --json}. Each command keeps its own {@code --out},
 * {@code --encoding} and {@code --format}, whose help differs.
 */
final class BakeInputOptions {
    @Parameters(index = "0", paramLabel = "FILE", description = "A .glb or .gltf file.")
    Path file;

    @Option(names = "--clip", paramLabel = "C", required = true, arity = "1..*",
            description = "Clips to bake, in texture order: a name, or an index when an integer; several values or "
                + "the option repeated.")
    List<String> clips = new ArrayList<>();

    @Option(names = "--fps", paramLabel = "F", defaultValue = "30",
            description = "Frames per second of clip time, > 0 (default: ${DEFAULT-VALUE}).")
    float fps;

    @Option(names = "--json", description = "Print the report as one JSON object on stdout instead of tables.")
    boolean json;
}
