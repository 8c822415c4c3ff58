using System;

namespace LibShogi
{
    // The header's "strings out" convention: (buf, cap, &needed), where
    // needed counts the terminating NUL and buf == NULL is a size query.
    internal delegate int StringOutCall(byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err);

    internal static class StringsOut
    {
        // The bytes of the string, without its NUL. guess is the first
        // buffer size tried (0: ask for the size first).
        internal static byte[] GetBytes(StringOutCall call, int guess)
        {
            byte[] buf = guess > 0 ? new byte[guess] : null;
            for (int attempt = 0; ; attempt++)
            {
                byte[] err = Errors.New();
                UIntPtr needed;
                int status = call(buf, buf == null ? UIntPtr.Zero : (UIntPtr)buf.Length, out needed, err);
                int size = (int)needed.ToUInt64();
                if (status == 0 && buf != null)
                {
                    byte[] text = new byte[Math.Max(0, size - 1)];
                    Array.Copy(buf, text, text.Length);
                    return text;
                }
                if (status != 0 && (status != (int)Status.BufferTooSmall || attempt > 3))
                    throw Errors.Create(status, err);
                buf = new byte[Math.Max(size, 1)];
            }
        }

        internal static string GetString(StringOutCall call, int guess)
        {
            byte[] bytes = GetBytes(call, guess);
            return Utf8.Decode(bytes, 0, bytes.Length);
        }
    }
}
