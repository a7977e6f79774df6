package io.github.skinmesh.testkit.workloads;

import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.testkit.humanoid.HumanoidOptions;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.util.List;

/**
 * Workload {@code partition}: the testkit humanoid (seed {@value #SEED}, detail {@value #DETAIL},
 * other options default: 53 bones, 4 influences) combined into one skinned mesh of about 50,000
 * vertices ({@value #VERTICES}; {@value #TRIANGLES} triangles), in two layouts: {@link #combined()}, one submesh per material as combine leaves it, and
 * {@link #oneSubmesh()}, every triangle in one submesh (as an atlas leaves a character), which
 * needs several draws at 24 bones. Partitioned at {@value #MAX_BONES} and 16 bones.
 *
 * <p>Built once by {@link #create()}; immutable, safe to share between threads.
 */
public final class PartitionWorkload {
    /** Humanoid seed. */
    public static final long SEED = 1;
    /** Humanoid detail, chosen for about 50,000 vertices. */
    public static final float DETAIL = 2.4f;
    /** Vertices of the combined mesh. */
    public static final int VERTICES = 50_625;
    /** Triangles of the combined mesh. */
    public static final int TRIANGLES = 95_494;
    /** The bone limit of LayaAir. */
    public static final int MAX_BONES = 24;

    private final Mesh combined;
    private final Mesh oneSubmesh;

    private PartitionWorkload(Mesh combined, Mesh oneSubmesh) {
        this.combined = combined;
        this.oneSubmesh = oneSubmesh;
    }

    /** @return the workload */
    public static PartitionWorkload create() {
        Mesh combined = Combine.combineCharacters(List.of(Humanoids.generate(SEED, HumanoidOptions.DEFAULTS
                .withDetail(DETAIL)).character()), CombineOptions.DEFAULTS).mesh();
        Mesh one = combined.toBuilder().clearSubmeshes().addSubmesh(0, combined.indexCount(), 0).build();
        return new PartitionWorkload(combined, one);
    }

    /** @return the combined humanoid, one submesh per material */
    public Mesh combined() {
        return combined;
    }

    /** @return the same triangles in one submesh */
    public Mesh oneSubmesh() {
        return oneSubmesh;
    }
}
