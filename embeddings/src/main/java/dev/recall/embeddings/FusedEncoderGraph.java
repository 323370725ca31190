package dev.recall.embeddings;

import dev.recall.embeddings.ProtoMessage.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites a BERT encoder exported by Hugging Face Optimum and quantised dynamically (both bundled models) into the
 * fused operators ONNX Runtime's CPU kernels run fastest, which its own optimiser does not find in these int8 exports:
 * <ul>
 *   <li>each self-attention block (Reshape/Transpose of Q, K and V, Q·Kᵀ, the scale, the mask {@code Add},
 *       {@code Softmax}, ·V, Transpose/Reshape back) becomes one {@code com.microsoft.MultiHeadAttention}, which never
 *       writes the heads × length² score tensor out (about 40 % of the time at SciFact lengths before);</li>
 *   <li>each residual {@code Add} with the LayerNorm after it (ReduceMean, Sub, Pow, ReduceMean, Add ε, Sqrt, Div,
 *       Mul γ, Add β) becomes one {@code com.microsoft.SkipLayerNormalization}: ONNX Runtime fused the LayerNorm
 *       alone into a kernel that took about a quarter of the remaining time.</li>
 * </ul>
 * The fused attention has <b>no mask</b>: it is only right for inputs without padding, which is how
 * {@link OnnxEmbedder} runs every text (one row per inference). Each fused node's output agrees with the nodes it
 * replaces to float rounding (under 3e-7 relative), but the next {@code DynamicQuantizeLinear} turns any such
 * difference into other int8 steps, layer after layer, so the vectors are another rounding of the model (cosine
 * ≥ 0.998 to the exported graph's, as far as ONNX Runtime's basic optimisation level moves the exported graph from
 * its full one). That is why it is opt-in ({@link EmbeddingConfig#FUSED_SUFFIX}) with its own digest and with it its
 * own vector-generation fingerprint. Nodes left without a consumer are dropped; everything else (weights,
 * inputs, outputs) passes through unchanged.
 */
final class FusedEncoderGraph {

    // ONNX field numbers (onnx.proto)
    private static final int MODEL_GRAPH = 7;
    private static final int MODEL_OPSET_IMPORT = 8;
    private static final int OPSET_DOMAIN = 1;
    private static final int OPSET_VERSION = 2;
    private static final int GRAPH_NODE = 1;
    private static final int GRAPH_INITIALIZER = 5;
    private static final int GRAPH_OUTPUT = 12;
    private static final int VALUE_INFO_NAME = 1;
    private static final int NODE_INPUT = 1;
    private static final int NODE_OUTPUT = 2;
    private static final int NODE_NAME = 3;
    private static final int NODE_OP_TYPE = 4;
    private static final int NODE_ATTRIBUTE = 5;
    private static final int NODE_DOMAIN = 7;
    private static final int ATTRIBUTE_NAME = 1;
    private static final int ATTRIBUTE_FLOAT = 2;
    private static final int ATTRIBUTE_INT = 3;
    private static final int ATTRIBUTE_TENSOR = 5;
    private static final int ATTRIBUTE_INTS = 8;
    private static final int ATTRIBUTE_TYPE = 20;
    private static final int ATTRIBUTE_TYPE_FLOAT = 1;
    private static final int ATTRIBUTE_TYPE_INT = 2;
    private static final int TENSOR_DATA_TYPE = 2;
    private static final int TENSOR_NAME = 8;
    private static final int TENSOR_RAW_DATA = 9;
    private static final int TENSOR_FLOAT = 1;
    private static final int TENSOR_INT64 = 7;
    private static final String CONTRIB = "com.microsoft";

    /** A graph node: what the rewrite reads of it, and its message to write back when it is kept. */
    private record Node(String name, String op, List<String> inputs, List<String> outputs, ProtoMessage message) {

        static Node of(ProtoMessage message) {
            return new Node(message.string(NODE_NAME), message.string(NODE_OP_TYPE), message.strings(NODE_INPUT),
                    message.strings(NODE_OUTPUT), message);
        }

        static Node contrib(String name, String op, List<String> inputs, String output, List<ProtoMessage> attributes) {
            List<Field> fields = new ArrayList<>();
            inputs.forEach(input -> fields.add(Field.string(NODE_INPUT, input)));
            fields.add(Field.string(NODE_OUTPUT, output));
            fields.add(Field.string(NODE_NAME, name));
            fields.add(Field.string(NODE_OP_TYPE, op));
            attributes.forEach(attribute -> fields.add(Field.message(NODE_ATTRIBUTE, attribute)));
            fields.add(Field.string(NODE_DOMAIN, CONTRIB));
            return new Node(name, op, inputs, List.of(output), new ProtoMessage(fields));
        }

        String input(int i) {
            return i < inputs.size() ? inputs.get(i) : "";
        }

        ProtoMessage attribute(String attributeName) {
            for (Field field : message.all(NODE_ATTRIBUTE)) {
                ProtoMessage attribute = field.message();
                if (attribute.string(ATTRIBUTE_NAME).equals(attributeName)) {
                    return attribute;
                }
            }
            return null;
        }
    }

    /** What one rewrite did, for the caller's checks. */
    record Result(byte[] model, int attentionBlocks, int layerNorms) {}

    private final List<Node> nodes;
    private final Set<String> initializers = new HashSet<>();
    private final Map<String, Node> producers = new HashMap<>();
    private final Map<String, List<Node>> consumers = new HashMap<>();

    private FusedEncoderGraph(ProtoMessage graph) {
        nodes = graph.all(GRAPH_NODE).stream().map(field -> Node.of(field.message())).toList();
        for (Field field : graph.all(GRAPH_INITIALIZER)) {
            initializers.add(field.message().string(TENSOR_NAME));
        }
        for (Node node : nodes) {
            node.outputs().forEach(output -> producers.put(output, node));
            node.inputs().forEach(input -> consumers.computeIfAbsent(input, k -> new ArrayList<>()).add(node));
        }
    }

    /**
     * @throws EmbeddingException when the model is not such an encoder: a block that starts like one but differs
     *     anywhere, or a graph where no attention block or no LayerNorm was found
     */
    static Result fuse(byte[] modelBytes) {
        ProtoMessage model = ProtoMessage.parse(modelBytes);
        List<Field> graphs = model.all(MODEL_GRAPH);
        if (graphs.size() != 1) {
            throw mismatch("the model has " + graphs.size() + " graphs");
        }
        ProtoMessage graph = graphs.getFirst().message();
        FusedEncoderGraph rewrite = new FusedEncoderGraph(graph);
        Map<Node, Node> replacements = new IdentityHashMap<>();
        int attention = 0;
        int layerNorms = 0;
        for (Node node : rewrite.nodes) {
            if (node.op().equals("Reshape") && node.name().endsWith("/attention/self/Reshape_3")) {
                replacements.put(node, rewrite.attention(node));
                attention++;
            } else if (node.op().equals("Add") && node.name().endsWith("/LayerNorm/Add_1")) {
                replacements.put(node, rewrite.skipLayerNorm(node));
                layerNorms++;
            }
        }
        if (attention == 0 || layerNorms == 0) {
            throw mismatch("found " + attention + " attention blocks and " + layerNorms + " LayerNorms");
        }
        List<Node> rewritten = rewrite.nodes.stream().map(n -> replacements.getOrDefault(n, n)).toList();
        List<Node> kept = withoutDeadNodes(rewritten, graph.all(GRAPH_OUTPUT).stream()
                .map(field -> field.message().string(VALUE_INFO_NAME)).toList());
        if (kept.stream().anyMatch(n -> n.op().equals("Softmax"))) {
            throw mismatch("a Softmax outside the fused attention blocks is left");
        }
        List<Field> graphFields = new ArrayList<>();
        boolean nodesWritten = false;
        for (Field field : graph.fields()) {
            if (field.number() != GRAPH_NODE) {
                graphFields.add(field);
            } else if (!nodesWritten) {
                kept.forEach(n -> graphFields.add(Field.message(GRAPH_NODE, n.message())));
                nodesWritten = true;
            }
        }
        List<Field> modelFields = new ArrayList<>();
        boolean contribImported = model.all(MODEL_OPSET_IMPORT).stream()
                .anyMatch(f -> f.message().string(OPSET_DOMAIN).equals(CONTRIB));
        for (Field field : model.fields()) {
            modelFields.add(field.number() == MODEL_GRAPH
                    ? Field.message(MODEL_GRAPH, new ProtoMessage(graphFields)) : field);
        }
        if (!contribImported) {
            modelFields.add(Field.message(MODEL_OPSET_IMPORT, new ProtoMessage(List.of(
                    Field.string(OPSET_DOMAIN, CONTRIB), Field.varint(OPSET_VERSION, 1)))));
        }
        return new Result(new ProtoMessage(modelFields).toBytes(), attention, layerNorms);
    }

    /** From the attention block's last node back to the Q, K and V projections. */
    private Node attention(Node reshapeBack) {
        Node transposeBack = transpose(producer(reshapeBack, 0, "Transpose"), 0, 2, 1, 3);
        Node timesV = producer(transposeBack, 0, "MatMul");
        Node softmax = producer(timesV, 0, "Softmax");
        Node maskAdd = producer(softmax, 0, "Add");
        Node scale = producer(maskAdd, 0, "Div");
        Node scores = producer(scale, 0, "MatMul");
        Node queryHeads = producer(transpose(producer(scores, 0, "Transpose"), 0, 2, 1, 3), 0, "Reshape");
        Node keyHeads = producer(transpose(producer(scores, 1, "Transpose"), 0, 2, 3, 1), 0, "Reshape");
        Node valueHeads = producer(transpose(producer(timesV, 1, "Transpose"), 0, 2, 1, 3), 0, "Reshape");
        Node headShape = producer(queryHeads, 1, "Concat");
        long heads = constant(headShape.input(2)).getLong(0);
        float divisor = constant(scale.input(1)).getFloat(0);
        List<ProtoMessage> attributes = List.of(
                intAttribute("num_heads", heads),
                floatAttribute("scale", 1f / divisor));
        String prefix = reshapeBack.name().substring(0, reshapeBack.name().length() - "Reshape_3".length());
        return Node.contrib(prefix + "MultiHeadAttention", "MultiHeadAttention",
                List.of(queryHeads.input(0), keyHeads.input(0), valueHeads.input(0)),
                reshapeBack.outputs().getFirst(), attributes);
    }

    /** From the LayerNorm's last node (Add β) back to the residual Add that feeds it. */
    private Node skipLayerNorm(Node addBeta) {
        Node timesGamma = producer(addBeta, computed(addBeta), "Mul");
        String beta = addBeta.input(1 - computed(addBeta));
        String gamma = timesGamma.input(1 - computed(timesGamma));
        Node normalise = producer(timesGamma, computed(timesGamma), "Div");
        Node centre = producer(normalise, 0, "Sub");
        Node sqrt = producer(normalise, 1, "Sqrt");
        Node plusEpsilon = producer(sqrt, 0, "Add");
        Node variance = producer(plusEpsilon, 0, "ReduceMean");
        Node square = producer(variance, 0, "Pow");
        Node mean = producer(centre, 1, "ReduceMean");
        String input = centre.input(0);
        if (!square.input(0).equals(centre.outputs().getFirst()) || !mean.input(0).equals(input)
                || constant(square.input(1)).getFloat(0) != 2f) {
            throw mismatch("LayerNorm " + addBeta.name() + " is not (x - mean) / sqrt(mean((x - mean)^2) + eps)");
        }
        Node residual = producer(centre, 0, "Add");
        List<Node> readers = consumers.getOrDefault(input, List.of());
        if (readers.size() != 2 || !readers.contains(centre) || !readers.contains(mean)) {
            throw mismatch("the sum before " + addBeta.name() + " is read elsewhere too");
        }
        float epsilon = constant(plusEpsilon.input(1)).getFloat(0);
        String prefix = addBeta.name().substring(0, addBeta.name().length() - "Add_1".length());
        return Node.contrib(prefix + "SkipLayerNormalization", "SkipLayerNormalization",
                List.of(residual.input(0), residual.input(1), gamma, beta),
                addBeta.outputs().getFirst(), List.of(floatAttribute("epsilon", epsilon)));
    }

    /** Which of a binary node's two inputs is computed (the other being a weight). */
    private int computed(Node node) {
        boolean first = initializers.contains(node.input(0));
        boolean second = initializers.contains(node.input(1));
        if (first == second) {
            throw mismatch(node.name() + " should take one weight and one computed input");
        }
        return first ? 1 : 0;
    }

    private Node producer(Node node, int input, String op) {
        Node producer = producers.get(node.input(input));
        if (producer == null || !producer.op().equals(op)) {
            throw mismatch("input " + input + " of " + node.name() + " comes from "
                    + (producer == null ? "no node" : producer.op() + " " + producer.name()) + ", expected " + op);
        }
        return producer;
    }

    private static Node transpose(Node node, long... perm) {
        ProtoMessage attribute = node.attribute("perm");
        List<Long> actual = attribute == null ? List.of()
                : attribute.all(ATTRIBUTE_INTS).stream().map(Field::varint).toList();
        List<Long> expected = java.util.Arrays.stream(perm).boxed().toList();
        if (!actual.equals(expected)) {
            throw mismatch(node.name() + " transposes by " + actual + ", expected " + expected);
        }
        return node;
    }

    /** The little-endian data of a Constant node's scalar or vector value. */
    private ByteBuffer constant(String tensor) {
        Node node = producers.get(tensor);
        ProtoMessage value = node == null || !node.op().equals("Constant") ? null : node.attribute("value");
        List<Field> tensors = value == null ? List.of() : value.all(ATTRIBUTE_TENSOR);
        if (tensors.isEmpty()) {
            throw mismatch(tensor + " is not a Constant");
        }
        ProtoMessage data = tensors.getFirst().message();
        long type = data.all(TENSOR_DATA_TYPE).stream().mapToLong(Field::varint).findFirst().orElse(-1);
        List<Field> raw = data.all(TENSOR_RAW_DATA);
        if ((type != TENSOR_FLOAT && type != TENSOR_INT64) || raw.isEmpty()) {
            throw mismatch(tensor + " is a Constant of type " + type + " without raw data");
        }
        return ByteBuffer.wrap(raw.getFirst().bytes()).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The nodes the graph's outputs depend on, in their original (topological) order. */
    private static List<Node> withoutDeadNodes(List<Node> nodes, List<String> graphOutputs) {
        Set<String> needed = new HashSet<>(graphOutputs);
        List<Node> kept = new ArrayList<>();
        for (int i = nodes.size() - 1; i >= 0; i--) {
            Node node = nodes.get(i);
            if (node.outputs().stream().anyMatch(needed::contains)) {
                kept.add(node);
                needed.addAll(node.inputs());
            }
        }
        return kept.reversed();
    }

    private static ProtoMessage intAttribute(String name, long value) {
        return new ProtoMessage(List.of(Field.string(ATTRIBUTE_NAME, name), Field.varint(ATTRIBUTE_INT, value),
                Field.varint(ATTRIBUTE_TYPE, ATTRIBUTE_TYPE_INT)));
    }

    private static ProtoMessage floatAttribute(String name, float value) {
        return new ProtoMessage(List.of(Field.string(ATTRIBUTE_NAME, name),
                Field.fixed32(ATTRIBUTE_FLOAT, Float.floatToIntBits(value)),
                Field.varint(ATTRIBUTE_TYPE, ATTRIBUTE_TYPE_FLOAT)));
    }

    private static EmbeddingException mismatch(String what) {
        return new EmbeddingException("cannot fuse the encoder graph: " + what);
    }
}
