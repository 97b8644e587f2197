/// The errors the wrappers raise themselves, counted for ``OpenALProcess/errorCount``.
extension OpenALError {
    /// Makes an error the wrappers are about to throw, and counts it.
    static func raised(operation: String, code: Code) -> OpenALError {
        OpenALProcess.countError()
        return OpenALError(operation: operation, code: code)
    }
}
